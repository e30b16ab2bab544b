import type { ConnectionRow } from "../../db/schema";
import { TtlCache } from "../../lib/ttl-cache";

/**
 * Connections this isolate found by their token lately, by the token's hash, so that a client's
 * steady stream of reads costs no trip to the control database for its token (config.ts
 * authCacheMs bounds how long). Reads answer from it; writes read the connection afresh, or
 * (PATCH /connections/current, POST /syncs) take it from here and check it where they write;
 * GET /connections/current reads the connection it shows. A change forgets the connection here
 * at once, or replaces it with the row as written when that is exact (the isolate that made it);
 * elsewhere it is current within the bound.
 * A move's switch is covered by the source keeping its copy longer than that (moveCleanupDelayMs).
 */
const recentConnections = new TtlCache<ConnectionRow>({ ttlMs: 5_000, maxEntries: 10_000 });

export function rememberedConnection(tokenHash: string): ConnectionRow | undefined {
  return recentConnections.get(tokenHash);
}

export function rememberConnection(tokenHash: string, connection: ConnectionRow, ttlMs: number): void {
  recentConnections.set(tokenHash, connection, Date.now(), ttlMs);
}

/**
 * After a change this isolate wrote on the connection as remembered, unchanged since (so the
 * row is now exactly `connection`): remember the row as written, for no longer than the one it
 * replaces, and forget any other. A read after the write shows the write without a trip.
 */
export function replaceRememberedConnection(connection: ConnectionRow): void {
  const replaced = recentConnections.replace(connection.tokenHash, connection);
  recentConnections.deleteWhere((other) => other.id === connection.id && (!replaced || other !== connection));
}

/** Forgets a connection (its token rotated, its status changed, it was deleted or moved) in this isolate. */
export function forgetConnection(connectionId: string): void {
  recentConnections.deleteWhere((connection) => connection.id === connectionId);
}
