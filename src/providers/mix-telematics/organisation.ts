import { z } from "@hono/zod-openapi";
import { TtlCache } from "../../lib/ttl-cache";
import { ProviderError } from "../errors";
import { type MixClient, PROVIDER } from "./client";
import { mixAsset, mixId } from "./payloads";

/** A list answer: a bare JSON array (204 reads as an empty one, client.ts). */
export function listOf(body: unknown, path: string): unknown[] {
  if (!Array.isArray(body)) throw new ProviderError("malformed", `${PROVIDER}: ${path} did not answer a list.`);
  return body;
}

const organisation = z.object({ GroupId: mixId });

const RECENT_MS = 60_000;

const recentOrganisations = new TtlCache<string>({ ttlMs: RECENT_MS, maxEntries: 1_000 });

/**
 * The organisation the user reads: the first of `GET api/organisationgroups` (MiX asks for the
 * organisation id first: every listing is of an organisation or a group). A user of several
 * organisations is connected to the first one MiX lists. Reused for a minute per connection and
 * login in this isolate, so a sync's pages (each its own message) do not each spend one of MiX's
 * five requests a second on it.
 */
export async function organisationId(client: MixClient, connectionId?: string): Promise<string> {
  const key = connectionId === undefined ? undefined : `${connectionId}|${client.loginKey}`;
  const recent = key === undefined ? undefined : recentOrganisations.get(key);
  if (recent !== undefined) return recent;
  const first = listOf(await client.get("api/organisationgroups"), "api/organisationgroups")[0];
  const parsed = organisation.safeParse(first);
  if (!parsed.success) throw new ProviderError("malformed", `${PROVIDER}: the user sees no organisation.`);
  if (key !== undefined) recentOrganisations.set(key, parsed.data.GroupId);
  return parsed.data.GroupId;
}

const recentAssets = new TtlCache<{ organisationId: string; assetIds: string[] }>({
  ttlMs: RECENT_MS,
  maxEntries: 1_000,
});

/**
 * The organisation and its vehicles' asset ids, sorted: what the per-asset reads (latest and
 * historical positions) send. Reused for a minute per connection in this isolate, so the pages of
 * a walk do not each list them; a vehicle added within it is read by the next sync.
 */
export async function organisationAssets(client: MixClient, connectionId?: string) {
  const recent = connectionId === undefined ? undefined : recentAssets.get(connectionId);
  if (recent) return recent;
  const orgId = await organisationId(client, connectionId);
  const path = `api/assets/group/${orgId}`;
  const ids = listOf(await client.get(path), path).flatMap((asset) => {
    const parsed = mixAsset.safeParse(asset);
    return parsed.success && parsed.data.IsConnectedTrailer !== true ? [parsed.data.AssetId] : [];
  });
  const value = { organisationId: orgId, assetIds: [...new Set(ids)].sort() };
  if (connectionId !== undefined) recentAssets.set(connectionId, value);
  return value;
}
