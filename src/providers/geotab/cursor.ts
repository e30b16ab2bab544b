import { z } from "@hono/zod-openapi";
import type { SyncModel } from "../../model/normalized";
import { cursorCodec } from "../kit/cursor";
import { PROVIDER } from "./client";

/**
 * The adapter's page cursors, opaque to the engine (base64url JSON), one shape per way of
 * paging MyGeotab, which has no cursor of its own on `Get`:
 * - `feed`: a GetFeed version token (`toVersion` of the last page): vehicles, drivers, devices;
 * - `after`: the last id of an id-ordered listing: groups, the devices of utilization and IFTA,
 *   and the drivers of the daily logs;
 * - `from`: where the rest of the time window starts, and the span to ask for next: safety events;
 * - `series`: the device to go on with (devices are read in id order), from which instant (the
 *   window's end once it is done), and how many devices to ask for at once: trips, breadcrumbs
 *   and stat histories (device-series.ts); for the HOS logs, a driver in their place.
 */
const cursorSchema = z.discriminatedUnion("k", [
  z.object({ k: z.literal("feed"), m: z.string(), v: z.string().min(1).max(64) }),
  z.object({ k: z.literal("after"), m: z.string(), id: z.string().min(1).max(512) }),
  z.object({ k: z.literal("from"), m: z.string(), t: z.number().int().nonnegative(), s: z.number().int().positive() }),
  z.object({
    k: z.literal("series"),
    m: z.string(),
    id: z.string().min(1).max(512),
    t: z.number().int().nonnegative(),
    n: z.number().int().positive().max(1000),
  }),
]);
export type GeotabCursor = z.infer<typeof cursorSchema>;

/** A cursor without its model (distributive, so each kind keeps its own fields). */
type Body<C = GeotabCursor> = C extends GeotabCursor ? Omit<C, "m"> : never;

const codec = cursorCodec<GeotabCursor>({ provider: PROVIDER, write: (cursor) => cursor, read: cursorSchema });

export function encodeCursor(model: SyncModel, cursor: Body): string {
  return codec.encode({ ...cursor, m: model } as GeotabCursor);
}

/** The cursor of `model` and kind `kind`; ProviderError("malformed") for anything else. */
export function decodeCursor<K extends GeotabCursor["k"]>(
  text: string | undefined,
  model: SyncModel,
  kind: K,
): Extract<GeotabCursor, { k: K }> | undefined {
  if (text === undefined) return undefined;
  return codec.decode(text, (cursor) => cursor.m === model && cursor.k === kind) as Extract<GeotabCursor, { k: K }>;
}
