import { env } from "cloudflare:workers";
import type { SyncModel } from "../../src/model/normalized";
import { findProvider } from "../../src/providers/registry";
import { SANDBOX_CREDENTIALS } from "./factories";

/**
 * What the provider itself says: every record of a model, read page by page straight from
 * the adapter (no sync involved), to compare with what a sync stored.
 */
export async function providerRecords(
  connection: { id: string; sourceId?: string | null; createdAt: string | Date },
  model: SyncModel,
  options: Record<string, unknown>,
  window?: { start: Date; end: Date },
): Promise<unknown[]> {
  const adapter = findProvider("sandbox")!;
  const items: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await adapter.readPage(model, {
      context: { env },
      credentials: SANDBOX_CREDENTIALS,
      options,
      connection: {
        id: connection.id,
        sourceId: connection.sourceId ?? null,
        createdAt: new Date(connection.createdAt),
      },
      ...(cursor === undefined ? {} : { cursor }),
      ...(window ? { window } : {}),
      pageSize: 200,
    });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}

/** Source ids of a model's records as the provider lists them, normalized by the adapter. */
export async function providerSourceIds(
  connection: { id: string; sourceId?: string | null; createdAt: string | Date },
  model: "vehicles" | "drivers" | "groups" | "devices",
  options: Record<string, unknown>,
): Promise<string[]> {
  const adapter = findProvider("sandbox")!;
  const items = await providerRecords(connection, model, options);
  return items.map((item) => adapter.normalize(model, item).sourceId).sort();
}
