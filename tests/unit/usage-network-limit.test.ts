/**
 * The abuse limit of usage counting (server/features/usage/network-limit.ts, decision 391): which
 * client network an address counts in, and which user-sessions of a network's hour are counted.
 */
import { describe, expect, it } from "vitest";
import {
  admitSessions,
  hourOf,
  networkHour,
  networkKeyOf,
  type SessionAccess,
} from "../../server/features/usage/network-limit.ts";

const SALT = "a-salt-of-the-day";
const T0 = Date.UTC(2026, 10, 20, 10, 0, 0); // 2026-11-20 10:00:00 UTC
const HOUR = 3_600_000;
let next = 0;
const access = (at: number, userKey: string, networkKey = 1): SessionAccess => ({
  id: `a${++next}`,
  at,
  userKey,
  networkKey,
});

describe("client networks of usage counting", () => {
  it("keys an IPv6 /64 as one network and an IPv4 address by itself, in 24 bits", () => {
    const key = (ip: string) => networkKeyOf(SALT, ip);
    expect(key("2001:db8:7:7::1")).toBe(key("2001:db8:7:7:ffff:1:2:3"));
    expect(key("2001:db8:7:7::1")).not.toBe(key("2001:db8:7:8::1"));
    expect(key("::ffff:192.0.2.1")).toBe(key("192.0.2.1")); // a dual-stack socket's IPv4 reader
    expect(key("192.0.2.1")).not.toBe(key("192.0.2.2"));
    // the salt of another day gives another key (so nothing ties two days' networks together)
    expect(networkKeyOf("another-day", "192.0.2.1")).not.toBe(key("192.0.2.1"));
    for (const ip of ["192.0.2.1", "2001:db8::1", "::1", "unknown"]) {
      expect(key(ip)).toBeGreaterThanOrEqual(0);
      expect(key(ip)).toBeLessThan(2 ** 24);
    }
  });
});

describe("user-sessions counted per client network and hour", () => {
  it("counts a network's first sessions of the hour, in time order, and refuses the rest", () => {
    const first = access(T0 + 2000, "ua-1");
    const second = access(T0 + 1000, "ua-2"); // earlier: counted first
    const third = access(T0 + 3000, "ua-3");
    const again = access(T0 + 4000, "ua-1"); // a counted session's next access
    const other = access(T0 + 5000, "ua-9", 2); // another network
    const { refused, added } = admitSessions([first, second, third, again, other], new Map(), 2);
    expect([...refused]).toEqual([third.id]);
    expect(added).toEqual([
      { network_key: 1, hour: hourOf(T0), user_key: "ua-2" },
      { network_key: 1, hour: hourOf(T0), user_key: "ua-1" },
      { network_key: 2, hour: hourOf(T0), user_key: "ua-9" },
    ]);
  });

  it("goes on from the sessions counted before, and starts again each hour", () => {
    const counted = new Map([[networkHour(1, hourOf(T0)), new Set(["ua-1", "ua-2"])]]);
    const known = access(T0 + 10, "ua-2");
    const refused = access(T0 + 20, "ua-3");
    const nextHour = access(T0 + HOUR, "ua-3");
    const result = admitSessions([known, refused, nextHour], counted, 2);
    expect([...result.refused]).toEqual([refused.id]);
    expect(result.added).toEqual([{ network_key: 1, hour: hourOf(T0) + 1, user_key: "ua-3" }]);
    expect(counted.get(networkHour(1, hourOf(T0)))?.size).toBe(2); // not changed
  });

  it("counts 40 user agents of one network in an hour as the limit", () => {
    const accesses = Array.from({ length: 40 }, (_, i) => access(T0 + i * 1000, `ua-${i}`));
    const { refused, added } = admitSessions(accesses, new Map(), 10);
    expect(added).toHaveLength(10);
    expect(refused.size).toBe(30);
  });
});
