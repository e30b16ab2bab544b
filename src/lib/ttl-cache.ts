/**
 * An isolate-local memory of values for `ttlMs` (Infinity: values that never go stale), at
 * most `maxEntries` of them (the oldest go first), so its size never follows the number of
 * callers or records.
 */
export class TtlCache<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: { ttlMs: number; maxEntries: number }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries;
  }

  get(key: string, now = Date.now()): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers `value` for the cache's TTL, or for `ttlMs` when given. */
  set(key: string, value: Value, now = Date.now(), ttlMs = this.ttlMs): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: now + ttlMs });
  }

  /**
   * Replaces the value of a live entry, keeping when it expires (how long a value may be
   * remembered is not extended by replacing it); answers whether there was one to replace.
   */
  replace(key: string, value: Value, now = Date.now()): boolean {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return false;
    entry.value = value;
    return true;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every entry whose value matches. */
  deleteWhere(matches: (value: Value) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
