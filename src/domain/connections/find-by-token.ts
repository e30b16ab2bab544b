import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type ConnectionRow, connections } from "../../db/schema";
import { hashSecret } from "../../lib/crypto";

/** The connection a presented token belongs to, found by the token's hash (unique index). */
export async function findConnectionByToken(db: Database, token: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(eq(connections.tokenHash, await hashSecret(token)))
    .limit(1);
  return row;
}
