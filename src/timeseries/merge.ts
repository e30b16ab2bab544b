import { type LocationSample, normalizeLocation } from "./location-codec";
import { normalizeStat, type StatSample } from "./stat-codec";

/**
 * Folds a page of incoming samples into the samples of a stored blob. A sample of `incoming`
 * replaces the stored one at the same t (a provider's correction); within `incoming` the last
 * sample of a t wins. When an incoming sample is the same as the stored one (`same`, which should
 * ignore modifiedAt), the stored one is kept, old modifiedAt and all, and `changed` stays false:
 * a redelivered page leaves the blob, and its modifiedAt, untouched.
 *
 * The result is sorted by t, each t once.
 */
export function mergeByTime<T extends { t: number }>(
  stored: readonly T[],
  incoming: readonly T[],
  same: (a: T, b: T) => boolean,
): { samples: T[]; changed: boolean } {
  const byTime = new Map<number, T>();
  for (const sample of stored) byTime.set(sample.t, sample);
  const latest = new Map<number, T>();
  for (const sample of incoming) latest.set(sample.t, sample);
  let changed = false;
  for (const [t, sample] of latest) {
    const previous = byTime.get(t);
    if (previous !== undefined && same(previous, sample)) continue;
    byTime.set(t, sample);
    changed = true;
  }
  return { samples: [...byTime.values()].sort((a, b) => a.t - b.t), changed };
}

/** Everything but modifiedAt, after the codec's rounding: a re-read of the same provider point compares equal. */
export function sameLocation(a: LocationSample, b: LocationSample): boolean {
  const left = normalizeLocation(a);
  const right = normalizeLocation(b);
  return (
    left.t === right.t &&
    left.lat === right.lat &&
    left.lng === right.lng &&
    left.heading === right.heading &&
    left.speed === right.speed &&
    left.driver === right.driver &&
    left.address === right.address &&
    left.sourceId === right.sourceId
  );
}

/** The value and t, after the codec's rounding, not modifiedAt. */
export function sameStat(a: StatSample, b: StatSample): boolean {
  const left = normalizeStat(a);
  const right = normalizeStat(b);
  return left.t === right.t && left.value === right.value;
}
