import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type ConnectionRow, connections } from "../../db/schema";
import { decodedOrThrow } from "../../lib/bad-rows";
import { hashSecret } from "../../lib/crypto";
import { connectionRows } from "./rows";

/**
 * The connection a presented token belongs to, found by the token's hash (unique index). A
 * connection whose stored JSON does not parse is reported and thrown (UnpresentableRowError).
 */
export async function findConnectionByToken(db: Database, token: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select(connectionRows.fields)
    .from(connections)
    .where(eq(connections.tokenHash, await hashSecret(token)))
    .limit(1);
  return row && decodedOrThrow("connections", connectionRows.decode(row));
}
