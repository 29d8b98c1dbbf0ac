/** Sign-in counts key an IPv6 client by its /64, IPv4 per address (issue 15, decision 264). */
import { describe, expect, it } from "vitest";
import { clientNetwork } from "../../server/services/client-network.ts";

describe("clientNetwork", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientNetwork("192.0.2.1")).toBe("192.0.2.1");
    expect(clientNetwork("192.0.2.2")).not.toBe(clientNetwork("192.0.2.1"));
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, in either spelling", () => {
    expect(clientNetwork("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientNetwork("::FFFF:c000:0201")).toBe("192.0.2.1");
    expect(clientNetwork("0:0:0:0:0:ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("puts every address of one IPv6 /64 together, whatever the spelling", () => {
    const net = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:9",
      "2001:db8:1:2:a:b:c:d",
      "fe80::1%eth0".replace("fe80::1", "2001:db8:1:2::7"),
    ]) {
      expect(clientNetwork(ip), ip).toBe(net);
    }
  });

  it("tells neighbouring /64s apart", () => {
    expect(clientNetwork("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves what is not an address alone", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});
