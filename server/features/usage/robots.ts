/**
 * Robots and crawlers, whose requests are never counted (COUNTER Code of Practice Release 5.1,
 * section 7.8: "Any transaction with a user agent matching one on the list MUST NOT be included
 * in COUNTER reports"). The list is COUNTER's own (./counter-robots/, MIT, shipped with its
 * notice), matched case-insensitively as its README advises. An empty or one-character user
 * agent matches the list's `^.?$`, so requests without one are robots too.
 *
 * One regular expression of all 327 patterns costs about 15 µs per user agent; the answers of the
 * last {@link CACHE_SIZE} distinct user agents are remembered, so a reader's second request costs a
 * map lookup.
 */
import robotsList from "./counter-robots/COUNTER_Robots_list.json" with { type: "json" };

/** Distinct user agents whose answer is remembered (the map is emptied when full). */
const CACHE_SIZE = 2000;
/** Longest user agent matched and kept; longer ones are cut (no browser sends more). */
export const MAX_USER_AGENT = 1024;

type RobotPattern = { pattern: string };

/** The COUNTER list as one case-insensitive expression. */
export const ROBOT_PATTERN = new RegExp(
  (robotsList as RobotPattern[]).map((entry) => `(?:${entry.pattern})`).join("|"),
  "i",
);

const answers = new Map<string, boolean>();

/** Whether `userAgent` (the `User-Agent` header; absent counts as empty) is on the COUNTER list. */
export function isRobot(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? "").slice(0, MAX_USER_AGENT);
  const known = answers.get(ua);
  if (known !== undefined) return known;
  const robot = ROBOT_PATTERN.test(ua);
  if (answers.size >= CACHE_SIZE) answers.clear();
  answers.set(ua, robot);
  return robot;
}
