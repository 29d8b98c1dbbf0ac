/**
 * Seeded pseudo-random numbers for the synthetic catalogue (mulberry32: 32-bit state, period
 * 2^32, plenty for picking words), so one seed always builds the same catalogue.
 */

export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  /** One element of a non-empty list. */
  pick: <T>(list: readonly T[]) => T;
};

/** A generator seeded with `seed` (any integer). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick };
}

/**
 * Draws words with Zipf's law (weight 1/rank), as word frequencies in real text fall off:
 * a few words everywhere, a long tail of rare ones. `words` are given most frequent first.
 */
export function zipfSampler(words: readonly string[], random: Random): () => string {
  const cumulative = new Float64Array(words.length);
  let sum = 0;
  for (let i = 0; i < words.length; i++) {
    sum += 1 / (i + 1);
    cumulative[i] = sum;
  }
  return () => {
    const target = random.next() * sum;
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo] as string;
  };
}
