import { z } from "@hono/zod-openapi";
import type { SyncModel } from "../../model/normalized";
import { cursorCodec } from "../kit/cursor";
import { PROVIDER } from "./client";

/**
 * The adapter's page cursors, opaque to the engine (base64url JSON). GPS Insight pages nothing
 * (its lists come whole, its histories by date window), so a cursor says where the adapter's own
 * walk goes on:
 * - `after`: the last vehicle id done of an id-ordered walk of the vehicles (latest locations);
 * - `day`: the vehicle (`v`) and its account-local day (`d`, days since the epoch) to read next,
 *   with the account's UTC offset in minutes (`o`) learnt on the vehicle's first page
 *   (breadcrumbs, trips).
 */
const cursorSchema = z.discriminatedUnion("k", [
  z.object({ k: z.literal("after"), m: z.string(), id: z.string().min(1).max(256) }),
  z.object({
    k: z.literal("day"),
    m: z.string(),
    v: z.string().min(1).max(256),
    d: z.number().int(),
    o: z
      .number()
      .int()
      .min(-14 * 60)
      .max(14 * 60),
  }),
]);
export type GpsInsightCursor = z.infer<typeof cursorSchema>;
type Body<C = GpsInsightCursor> = C extends GpsInsightCursor ? Omit<C, "m"> : never;

const codec = cursorCodec<GpsInsightCursor>({ provider: PROVIDER, write: (cursor) => cursor, read: cursorSchema });

export function encodeCursor(model: SyncModel, cursor: Body): string {
  return codec.encode({ ...cursor, m: model } as GpsInsightCursor);
}

/** The cursor of `model` and kind `kind`; ProviderError("malformed") for anything else. */
export function decodeCursor<K extends GpsInsightCursor["k"]>(
  text: string | undefined,
  model: SyncModel,
  kind: K,
): Extract<GpsInsightCursor, { k: K }> | undefined {
  if (text === undefined) return undefined;
  return codec.decode(text, (cursor) => cursor.m === model && cursor.k === kind) as Extract<GpsInsightCursor, { k: K }>;
}
