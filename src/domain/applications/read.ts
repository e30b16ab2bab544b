import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { selectInChunks } from "../../db/in-chunks";
import { afterKey } from "../../db/keyset";
import { type ApiKeyRow, type ApplicationRow, apiKeys, applications } from "../../db/schema";
import { forgetAuthenticatedKeys } from "../api-keys/authenticate";

/** An application with all its keys (live and revoked), or undefined. */
export async function getApplication(
  db: Database,
  id: string,
): Promise<{ application: ApplicationRow; keys: ApiKeyRow[] } | undefined> {
  const [found, keys] = await db.batch([
    db.select().from(applications).where(eq(applications.id, id)).limit(1),
    db.select().from(apiKeys).where(eq(apiKeys.applicationId, id)).orderBy(asc(apiKeys.id)),
  ]);
  const application = found[0];
  return application ? { application, keys } : undefined;
}

/** One page of applications in creation order (`limit + 1` rows), with the keys of each: two queries in all. */
export async function listApplications(
  db: Database,
  page: { limit: number; afterId?: string },
): Promise<{ application: ApplicationRow; keys: ApiKeyRow[] }[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(page.afterId === undefined ? undefined : afterKey([applications.id], [page.afterId], "asc"))
    .orderBy(asc(applications.id))
    .limit(page.limit + 1);
  if (rows.length === 0) return [];
  // In chunks: a page of 101+ applications would pass D1's 100 bound parameters (a 500 the fuzzer found).
  const keys = await selectInChunks(
    rows.map((row) => row.id),
    (ids) => db.select().from(apiKeys).where(inArray(apiKeys.applicationId, ids)).orderBy(asc(apiKeys.id)),
  );
  return rows.map((application) => ({ application, keys: keys.filter((key) => key.applicationId === application.id) }));
}

/** Revokes a key of an application; revoking twice keeps the first revocation time. Undefined when no such key. */
export async function revokeApiKey(db: Database, applicationId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  const where = and(eq(apiKeys.id, keyId), eq(apiKeys.applicationId, applicationId));
  const [key] = await db.select().from(apiKeys).where(where).limit(1);
  if (!key || key.revokedAt) return key;
  const [revoked] = await db.update(apiKeys).set({ revokedAt: new Date() }).where(where).returning();
  // Other isolates forget it within AUTH_CACHE_SECONDS (config.ts authCacheMs).
  forgetAuthenticatedKeys();
  return revoked;
}
