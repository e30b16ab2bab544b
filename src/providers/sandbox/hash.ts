/**
 * The sandbox's only source of variety: small, fast, seeded hashing. Every synthetic value is a
 * pure function of (seed, what it is, which one), so any record can be computed on its own in
 * O(1) and a page never needs the rest of the fleet. Math.random is never used for data.
 */

/** FNV-1a over UTF-16 code units: turns the seed string into 32 bits. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finalizer: every input bit affects every output bit. */
function fmix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function absorb(h: number, word: number): number {
  return fmix(Math.imul(h, 31) ^ fmix((word + 0x9e3779b9) >>> 0));
}

/**
 * A 32-bit hash of a seed and non-negative integers (up to 2^53: indexes of big fleets times
 * generations, day numbers, revisions).
 */
export function hash(seed: number, ...parts: number[]): number {
  let h = seed >>> 0;
  for (const part of parts) {
    h = absorb(h, part >>> 0);
    if (part >= 0x1_0000_0000) h = absorb(h, Math.floor(part / 0x1_0000_0000));
  }
  return h;
}

/** A hash as a uniform number in [0, 1). */
export function unit(seed: number, ...parts: number[]): number {
  return hash(seed, ...parts) / 0x1_0000_0000;
}

/** A seeded generator (mulberry32) for records that need several values drawn in a fixed order. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Number in [min, max) rounded to `decimals`. */
  float(min: number, max: number, decimals = 2): number {
    const factor = 10 ** decimals;
    // `+ 0` turns a rounded -0 into 0, which JSON and deep equality treat alike.
    return Math.round((min + this.next() * (max - min)) * factor) / factor + 0;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One item, with probability proportional to its weight. */
  weighted<T extends { weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let target = this.next() * total;
    for (const item of items) {
      target -= item.weight;
      if (target < 0) return item;
    }
    return items[items.length - 1]!;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

/** One stream of hashes per kind of derived value, so values of different kinds never correlate. */
export const SALT = {
  vehicleSlots: 1,
  driverSlots: 2,
  vehicle: 3,
  driver: 4,
  groups: 5,
  plate: 6,
  phone: 7,
  change: 8,
  heard: 9,
  day: 10,
  events: 11,
  event: 12,
  media: 13,
  plan: 15,
  tour: 16,
  circuit: 17,
  lifeBase: 18,
  gauge: 19,
  readings: 20,
  dutyLog: 21,
  trailerSlots: 22,
  trailer: 23,
  trailerPlate: 24,
  faultDay: 25,
  fault: 26,
  trailerSpot: 27,
} as const;
