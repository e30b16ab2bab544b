import { z } from "@hono/zod-openapi";
import type { SyncModel } from "../../model/normalized";
import { cursorCodec } from "../kit/cursor";
import { PROVIDER } from "./client";

/**
 * The adapter's page cursors, opaque to the engine (base64url JSON): where the next page starts
 * in Azuga's own paging, `offset` for the lists (`limit`/`offset`) and `index` for the reports
 * (`index`/`size`: `index` is a page number of pages of `size` rows [UNVERIFIED]), with the
 * model it was issued for.
 */
const cursorSchema = z.object({
  m: z.string(),
  at: z.number().int().min(0).max(100_000_000),
  /** A report's page size, kept: its `index` counts pages of that size. */
  s: z.number().int().min(1).max(5000).optional(),
});
type AzugaCursor = z.infer<typeof cursorSchema>;

const codec = cursorCodec<AzugaCursor>({ provider: PROVIDER, write: (cursor) => cursor, read: cursorSchema });

export const encodeCursor = (model: SyncModel, at: number, size?: number) =>
  codec.encode({ m: model, at, ...(size === undefined ? {} : { s: size }) });

/** Where the model's next page starts (0 without a cursor); ProviderError("malformed") for another's cursor. */
export function positionOf(text: string | undefined, model: SyncModel): { at: number; size?: number } {
  if (text === undefined) return { at: 0 };
  const cursor = codec.decode(text, (candidate) => candidate.m === model);
  return { at: cursor.at, ...(cursor.s === undefined ? {} : { size: cursor.s }) };
}
