import type { z } from "@hono/zod-openapi";
import { optional, presentRaw, reference, round2 } from "../kit/present";
import type { ReadRow } from "../kit/read";
import { presentExpandedTrailer, type TrailerRecord } from "../trailers/expanded";
import type { LatestTrailerLocationSchema } from "./schema";
import type { LatestTrailerLocationRow } from "./table";

const rounded = (value: number | null) => (value === null ? undefined : round2(value));

/** A trailer's latest location (data-families.md "Trailers"). */
export function presentLatestTrailerLocation(
  row: ReadRow<LatestTrailerLocationRow>,
  options: { raw?: boolean; expanded?: { trailer?: ReadonlyMap<string, TrailerRecord> } } = {},
): z.infer<typeof LatestTrailerLocationSchema> {
  return {
    provider: row.provider,
    trailer: reference(row.trailerId, options.expanded?.trailer, presentExpandedTrailer),
    locatedAt: row.locatedAt.toISOString(),
    location: { latitude: row.latitude, longitude: row.longitude },
    ...optional("address", row.address === null ? undefined : { formatted: row.address }),
    ...optional("heading", rounded(row.heading)),
    ...optional("speed", rounded(row.speed)),
    ...presentRaw(options.raw, row.raw),
  };
}
