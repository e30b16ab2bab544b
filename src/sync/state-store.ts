import { EMPTY_STATE, type SyncState } from "./state";

const CREATE_TABLE = "CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)";

/**
 * The object's sync state, one JSON row of its SQLite storage, also kept in memory: every
 * change goes through save(), so the copy is never stale, and a page no longer costs several
 * SQLite reads and JSON parses. Frozen, so that a change that skipped save() would throw
 * instead of drifting from storage.
 */
export class SyncStateStore {
  private cachedState: SyncState | undefined;

  constructor(private readonly storage: DurableObjectStorage) {
    storage.sql.exec(CREATE_TABLE);
  }

  load(): SyncState {
    if (!this.cachedState) {
      const row = this.storage.sql
        .exec<{ value: string }>("SELECT value FROM sync_state WHERE key = 'state'")
        .toArray()[0];
      this.cachedState = deepFreeze(row ? (JSON.parse(row.value) as SyncState) : { ...EMPTY_STATE });
    }
    return this.cachedState;
  }

  save(state: SyncState): void {
    this.storage.sql.exec(
      "INSERT INTO sync_state (key, value) VALUES ('state', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      JSON.stringify(state),
    );
    this.cachedState = deepFreeze(state);
  }

  /**
   * The storage was wiped (the connection is being deleted): the copy in memory goes too, and the
   * empty state table is recreated so that a late call finds no state and does nothing.
   */
  wiped(): void {
    this.cachedState = undefined;
    this.storage.sql.exec(CREATE_TABLE);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
