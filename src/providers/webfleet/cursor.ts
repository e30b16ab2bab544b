import { z } from "@hono/zod-openapi";
import { cursorCodec } from "../kit/cursor";
import { PROVIDER } from "./client";

/**
 * Breadcrumbs are read vehicle by vehicle (`showTracks` takes one object): the cursor carries the
 * vehicles listed on the first page and the index of the next one, so the object report (6 a
 * minute) is asked once per window, not once per vehicle.
 */
const tracksCursor = z.object({
  k: z.literal("tracks"),
  ids: z.array(z.string().min(1)).min(1),
  i: z.number().int().positive(),
});
export type TracksCursor = z.infer<typeof tracksCursor>;

const codec = cursorCodec<TracksCursor>({ provider: PROVIDER, write: (cursor) => cursor, read: tracksCursor });

export const encodeTracksCursor = (ids: string[], i: number) => codec.encode({ k: "tracks", ids, i });

export function decodeTracksCursor(text: string | undefined): TracksCursor | undefined {
  if (text === undefined) return undefined;
  return codec.decode(text, (cursor) => cursor.i < cursor.ids.length);
}
