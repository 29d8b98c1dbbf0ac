/**
 * The network a client address stands for, as the sign-in counts key it (issue 15;
 * docs/decisions/264-request-lines-and-client-networks.md). One IPv6 subscriber gets a whole /64
 * (RFC 6177; every address in it is theirs to pick from), so counting IPv6 per address lets one
 * person make 2^64 fresh starts; an IPv4 address is usually one subscriber, or many behind one NAT.
 */
import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of IPv6 address `ip` (zone removed), or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  const address = ip.replace(/%.*$/, "");
  if (!isIPv6(address)) return null;
  let text = address.toLowerCase();
  // an IPv4 tail (`::ffff:192.0.2.1`) as two groups
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest === undefined ? [] : rest ? rest.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill("0"), ...right];
  return groups.length === 8 ? groups.map((g) => Number.parseInt(g, 16)) : null;
}

/**
 * The key of `ip`'s network: an IPv4 address itself (`192.0.2.1`); an IPv4-mapped IPv6 address
 * as that IPv4 address (`::ffff:192.0.2.1` → `192.0.2.1`, so a dual-stack socket counts like an
 * IPv4 one); any other IPv6 address as its /64 (`2001:db8:1:2::/64`). Anything else (a unix
 * socket, `unknown`) is returned unchanged.
 */
export function clientNetwork(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  }
  return `${[g0, g1, g2, g3].map((g) => g.toString(16)).join(":")}::/64`;
}
