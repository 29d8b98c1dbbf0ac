/**
 * The counting rules of COUNTER Release 5.1, applied to the accesses of all processes
 * (docs/decisions/281-usage-across-processes.md). Pure: the caller (./store.ts) loads the
 * events already counted that can interact with the new ones and stores what changed.
 *
 * - An abstract page view is an Investigation; a PDF request is a Request and an Investigation
 *   (section 3.3.5: "Any user activity that can be attributed to a content item will be
 *   considered an Investigation including downloading or viewing the item").
 * - Double-click filtering (section 7.2) applies to the Total_ metrics: two accesses by the same
 *   user to the same URL (here: the same paper's abstract, or its PDF) at most 30 s apart are one
 *   action, and "the first request MUST be removed and the second retained". So an event counts
 *   exactly while no later event of the same user and URL follows it within 30 s. This holds
 *   whatever order the events arrive in: a new event is not counted when a known one follows it
 *   within 30 s, and it un-counts the latest known event up to 30 s before it.
 * - Unique_Item metrics (section 7.3) count a paper once per user-session, the session being the
 *   user (IP address and user agent) and the hour of the day; they are not double-click filtered.
 *   A Request counts a Unique_Item_Request and, being an Investigation, a
 *   Unique_Item_Investigation.
 * - A search counts one Searches_Platform (section 7.6); no filtering applies.
 *
 * Events with the same user, URL and millisecond are the same access reported twice, and count
 * once.
 */
import type { UsageKind } from "../../db/schema.ts";

/** Double-click window, ms (COUNTER R5.1 section 7.2: "a maximum of 30 seconds"). */
export const DOUBLE_CLICK_MS = 30_000;
/** Length of a user-session, ms (section 7.3: "the day is divided into 24 one-hour slices"). */
export const SESSION_MS = 3_600_000;

/** An event as counting sees it. `userKey` already includes the day (its salt is the day's). */
export type CountedEvent = {
  id: string;
  /** Milliseconds since 1970. */
  at: number;
  userKey: string;
  paperId: number | null;
  kind: UsageKind;
  /** Whether the event is currently the retained one of its double-click run. */
  counted: boolean;
};

/** Changes to add to one paper's (or, for searches, the site's) figures of one UTC day. */
export type MetricDelta = {
  totalItemInvestigations: number;
  totalItemRequests: number;
  uniqueItemInvestigations: number;
  uniqueItemRequests: number;
  searchesPlatform: number;
};

/** What counting a batch decided. */
export type CountResult = {
  /** The new `counted` of every event whose flag changed (new events included), by id. */
  flags: Map<string, boolean>;
  /** Changes by `{day}|{paperId}` (`{day}|` for searches); entries may net to zero. */
  deltas: Map<string, MetricDelta>;
};

/** Whether events of `kind` are Requests (full text), besides being Investigations. */
export function isRequest(kind: UsageKind): boolean {
  return kind === "pdf";
}

/** The index of the first of `list` (sorted by `at`) at or after `at`: a binary search. */
function firstAtOrAfter(list: CountedEvent[], at: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid]!.at < at) low = mid + 1;
    else high = mid;
  }
  return low;
}

const DAY_MS = 86_400_000;
// formatting a date costs microseconds; a batch has few days and many events
const dayNames = new Map<number, string>();

/** `YYYY-MM-DD` of `at` (UTC). */
export function utcDay(at: number): string {
  const day = Math.floor(at / DAY_MS);
  let name = dayNames.get(day);
  if (name === undefined) {
    name = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size > 1000) dayNames.clear();
    dayNames.set(day, name);
  }
  return name;
}

/** The key of {@link CountResult.deltas}. */
export function deltaKey(day: string, paperId: number | null): string {
  return `${day}|${paperId ?? ""}`;
}

export function emptyDelta(): MetricDelta {
  return {
    totalItemInvestigations: 0,
    totalItemRequests: 0,
    uniqueItemInvestigations: 0,
    uniqueItemRequests: 0,
    searchesPlatform: 0,
  };
}

/**
 * Counts `fresh` (events not counted before) against `known` (events counted before that share
 * a user and paper with a fresh one and lie within the session hour or 30 s of it; more is
 * harmless). `known` events' `counted` flags are read, never changed in place.
 */
export function countEvents(known: CountedEvent[], fresh: CountedEvent[]): CountResult {
  const flags = new Map<string, boolean>();
  const deltas = new Map<string, MetricDelta>();
  const add = (at: number, paperId: number | null, change: Partial<MetricDelta>) => {
    const key = deltaKey(utcDay(at), paperId);
    let delta = deltas.get(key);
    if (!delta) {
      delta = emptyDelta();
      deltas.set(key, delta);
    }
    for (const name in change)
      delta[name as keyof MetricDelta] += change[name as keyof MetricDelta]!;
  };
  const totals = (kind: UsageKind, sign: 1 | -1): Partial<MetricDelta> =>
    isRequest(kind)
      ? { totalItemInvestigations: sign, totalItemRequests: sign }
      : { totalItemInvestigations: sign };

  // per user and paper: the events of each kind (URL) sorted by time, and the session hours
  // already counted (any access, and Requests), so each event costs a binary search
  type Group = {
    byKind: Map<UsageKind, CountedEvent[]>;
    sessions: Map<number, { request: boolean }>;
  };
  const groups = new Map<string, Group>();
  const groupOf = (e: CountedEvent): Group => {
    const key = `${e.userKey}\n${e.paperId}`;
    let group = groups.get(key);
    if (!group) {
      group = { byKind: new Map(), sessions: new Map() };
      groups.set(key, group);
    }
    return group;
  };
  const remember = (group: Group, e: CountedEvent, index?: number) => {
    const list = group.byKind.get(e.kind) ?? [];
    group.byKind.set(e.kind, list);
    list.splice(index ?? firstAtOrAfter(list, e.at), 0, e);
    const hour = Math.floor(e.at / SESSION_MS);
    const session = group.sessions.get(hour) ?? { request: false };
    session.request ||= isRequest(e.kind);
    group.sessions.set(hour, session);
  };
  for (const e of known) remember(groupOf(e), { ...e });

  const ordered = [...fresh].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  for (const event of ordered) {
    if (event.kind === "search") {
      flags.set(event.id, true);
      add(event.at, null, { searchesPlatform: 1 });
      continue;
    }
    const group = groupOf(event);
    const sameUrl = group.byKind.get(event.kind) ?? [];
    const x: CountedEvent = { ...event, counted: false };
    const i = firstAtOrAfter(sameUrl, x.at);
    if (sameUrl[i]?.at === x.at) {
      flags.set(x.id, false); // the same access reported twice
      continue;
    }
    // section 7.2: retained unless a later access follows within 30 s ...
    const next = sameUrl[i];
    if (!next || next.at - x.at > DOUBLE_CLICK_MS) {
      x.counted = true;
      add(x.at, x.paperId, totals(x.kind, 1));
    }
    // ... and it removes the access it follows within 30 s
    const previous = sameUrl[i - 1];
    if (previous && x.at - previous.at <= DOUBLE_CLICK_MS && previous.counted) {
      previous.counted = false;
      flags.set(previous.id, false);
      add(previous.at, previous.paperId, totals(previous.kind, -1));
    }
    // section 7.3: once per paper and user-session (user and hour)
    const session = group.sessions.get(Math.floor(x.at / SESSION_MS));
    if (!session) add(x.at, x.paperId, { uniqueItemInvestigations: 1 });
    if (isRequest(x.kind) && !session?.request) add(x.at, x.paperId, { uniqueItemRequests: 1 });
    flags.set(x.id, x.counted);
    remember(group, x, i);
  }
  return { flags, deltas };
}
