/**
 * The abuse limit of usage counting (security issue, finding 11;
 * docs/decisions/391-sessions-per-client-network.md): at most `limit` user-sessions per client
 * network and UTC hour are counted; the accesses of a further session of that network in that
 * hour are not counted at all.
 *
 * COUNTER R5.1 section 7.3 makes a user-session of an IP address and a user agent within an
 * hour, so a client that changes its user agent at each request is a new reader each time: 40
 * user agents from one address were 40 unique views. The Code of Practice asks that only
 * intended usage be counted (section 7, "all requests that are not intended by the user are
 * removed"), that bots and crawlers the provider can identify be left out (section 7.8) and
 * that automated bulk downloading never count (section 7.9). Many browsers at once behind one
 * address is rare (readers behind one NAT with the same managed browser are one user to COUNTER
 * anyway), and a user agent per request is a robot's habit. Sessions are kept per network as the
 * sign-in limits count them (server/services/client-network.ts, decision 264): an IPv4 address,
 * or an IPv6 /64, from which one subscriber may pick any address.
 *
 * Pure: ./store.ts loads the sessions already counted and stores the new ones, inside the batch
 * transaction that every process runs one at a time (decision 281), so the limit holds for all
 * processes on one database together.
 */
import { createHmac } from "node:crypto";
import { clientNetwork } from "../../services/client-network.ts";
import { SESSION_MS } from "./counting.ts";

/**
 * User-sessions counted per client network and hour unless `USAGE_SESSIONS_PER_NETWORK` says
 * otherwise: a household or an office reading the site in the same hour stays within it (and
 * people behind one address with the same browser are one user to COUNTER anyway); a rotation
 * of user agents does not. A site read by whole campuses behind one address raises it.
 */
export const SESSIONS_PER_NETWORK = 10;

/** Bits of a network key: enough to keep networks apart, too few to name an address. */
const NETWORK_KEY_BYTES = 3;

/**
 * The key of `ip`'s client network on the day of `salt`: 24 bits of an HMAC-SHA256 of the
 * network under the salt. Each key stands for about 256 of the 2^32 IPv4 addresses (and a
 * share of the IPv6 /64s), so a stored key names no address, even to somebody who holds the
 * day's salt; two networks that share a key in a day share its limit (at 10,000 networks in an
 * hour, one network in 1,700).
 */
export function networkKeyOf(salt: string, ip: string): number {
  return createHmac("sha256", salt)
    .update(`network\n${clientNetwork(ip)}`)
    .digest()
    .readUIntBE(0, NETWORK_KEY_BYTES);
}

/** The hour of `at` (ms since 1970): hours since 1970, UTC. */
export const hourOf = (at: number): number => Math.floor(at / SESSION_MS);

/** An access as the limit sees it. */
export type SessionAccess = { id: string; at: number; userKey: string; networkKey: number };

/** A user-session counted for a network in an hour. */
export type NetworkSession = { network_key: number; hour: number; user_key: string };

/** The key of a network's hour in {@link admitSessions}' map. */
export const networkHour = (networkKey: number, hour: number): string => `${networkKey}|${hour}`;

/**
 * Which of `accesses` are counted: those of a session already counted for its network and hour
 * (in `counted`, by {@link networkHour}), or of a new session while that network's hour has
 * fewer than `limit`. Accesses are taken in time order, so a network's first sessions of the
 * hour are the ones counted (of one batch; across batches, in the order they are written).
 * @param counted the sessions counted before; not changed.
 * @returns the ids of the accesses not counted, and the sessions newly counted.
 */
export function admitSessions(
  accesses: SessionAccess[],
  counted: ReadonlyMap<string, ReadonlySet<string>>,
  limit: number,
): { refused: Set<string>; added: NetworkSession[] } {
  const sessions = new Map<string, Set<string>>();
  const refused = new Set<string>();
  const added: NetworkSession[] = [];
  const ordered = [...accesses].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  for (const access of ordered) {
    const hour = hourOf(access.at);
    const key = networkHour(access.networkKey, hour);
    let known = sessions.get(key);
    if (!known) {
      known = new Set(counted.get(key));
      sessions.set(key, known);
    }
    if (known.has(access.userKey)) continue;
    if (known.size >= limit) {
      refused.add(access.id);
      continue;
    }
    known.add(access.userKey);
    added.push({ network_key: access.networkKey, hour, user_key: access.userKey });
  }
  return { refused, added };
}
