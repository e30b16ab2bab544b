import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type ConnectionRow, connections } from "../../db/schema";
import { decodedOrThrow } from "../../lib/bad-rows";
import { connectionRows } from "./rows";

/** The query of the connection a token hash belongs to (unique index), for a batch of its own or another's. */
export function connectionByTokenHash(db: Database, tokenHash: string) {
  return db.select(connectionRows.fields).from(connections).where(eq(connections.tokenHash, tokenHash)).limit(1);
}

/** Decodes the query's row: a connection whose stored JSON does not parse is reported and thrown (UnpresentableRowError). */
export function decodeConnection(rows: Awaited<ReturnType<typeof connectionByTokenHash>>): ConnectionRow | undefined {
  const [row] = rows;
  return row && decodedOrThrow("connections", connectionRows.decode(row));
}

/** The connection a token hash belongs to, read now. */
export async function findConnectionByTokenHash(db: Database, tokenHash: string): Promise<ConnectionRow | undefined> {
  return decodeConnection(await connectionByTokenHash(db, tokenHash));
}
