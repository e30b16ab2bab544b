import type { NormalizedByModel, SyncModel } from "../../model/normalized";
import type { PageContext } from "./context";

/**
 * Normalizes a page of provider payloads. Provider data is untrusted input: a payload that
 * does not map is skipped and counted (it becomes an issue of the sync), instead of failing
 * the whole sync or storing half a record.
 */
export function normalizeAll<M extends SyncModel>(
  context: PageContext,
  model: M,
  payloads: readonly unknown[],
): { records: { normalized: NormalizedByModel[M]; payload: unknown }[]; skipped: number } {
  const records: { normalized: NormalizedByModel[M]; payload: unknown }[] = [];
  let skipped = 0;
  for (const payload of payloads) {
    try {
      records.push({ normalized: context.adapter.normalize(model, payload), payload });
    } catch {
      skipped++;
    }
  }
  return { records, skipped };
}
