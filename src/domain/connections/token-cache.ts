import type { ConnectionRow } from "../../db/schema";
import { TtlCache } from "../../lib/ttl-cache";

/**
 * Connections this isolate found by their token lately, by the token's hash, so that a client's
 * steady stream of reads costs no trip to the control database for its token (config.ts
 * authCacheMs bounds how long). Only reads answer from it: a write reads the connection afresh,
 * and so does GET /connections/current for the connection it shows. A change forgets the
 * connection here at once (the isolate that made it); elsewhere it is current within the bound.
 * A move's switch is covered by the source keeping its copy longer than that (moveCleanupDelayMs).
 */
const recentConnections = new TtlCache<ConnectionRow>({ ttlMs: 5_000, maxEntries: 10_000 });

export function rememberedConnection(tokenHash: string): ConnectionRow | undefined {
  return recentConnections.get(tokenHash);
}

export function rememberConnection(tokenHash: string, connection: ConnectionRow, ttlMs: number): void {
  recentConnections.set(tokenHash, connection, Date.now(), ttlMs);
}

/** Forgets a connection (its token rotated, its status changed, it was deleted or moved) in this isolate. */
export function forgetConnection(connectionId: string): void {
  recentConnections.deleteWhere((connection) => connection.id === connectionId);
}
