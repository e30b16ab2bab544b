/**
 * The fake Samsara's trailer endpoints (providers-families.md 1.7) and a document download for
 * the passthrough tests: `GET /fleet/trailers` (`limit` up to 512, cursor paging), the trailer
 * stats snapshot `GET /fleet/trailers/stats` (`types` required, at most 3, each a trailer stat
 * Samsara knows; `trailerIds`; `time`, else the token's clock; no `limit`, the fake sizes the
 * pages), and `GET /fleet/documents/{id}/pdf`, a binary answer (`application/pdf`). Samsara
 * hands documents' PDFs out as signed download URLs; this route stands in for any binary body
 * the API may answer, which passthrough must carry byte for byte. The fault codes are the
 * `faultCodes` stat of the vehicle stats history (series-routes.ts, fault-render.ts).
 */
import { trailersAt } from "../trailers.ts";
import { documentPdfOf, trailerOf, trailerSnapshotOf } from "./asset-render.ts";
import { BadRequest, pageOf } from "./paging.ts";
import { limitOf, listOf, timeOf } from "./params.ts";
import type { Route } from "./server.ts";

const LIST_LIMIT = 512;
/** Trailers on one page of the stats snapshot: the fake's choice. */
export const TRAILER_STATS_PAGE_SIZE = 100;
const MAX_TYPES = 3;
/** The trailer stat types the fake knows (of the SDK's enum: location, odometer, reefer). */
const TRAILER_STAT_TYPES: ReadonlySet<string> = new Set([
  "gps",
  "gpsOdometerMeters",
  "reeferAmbientAirTemperatureMilliC",
  "reeferSetPointTemperatureMilliCZone1",
  "reeferDoorStateZone1",
]);

export const ASSET_ROUTES: Record<string, Route> = {
  "/fleet/trailers": {
    scope: "Read Trailers",
    handle: ({ url, account }) =>
      pageOf(trailersAt(account.fleet).map(trailerOf), url, limitOf(url, LIST_LIMIT), "trailers"),
  },
  "/fleet/trailers/stats": {
    scope: "Read Trailer Statistics",
    handle: ({ url, account, now }) => {
      const types = listOf(url, "types") ?? [];
      if (types.length === 0) throw new BadRequest("types is missing from query string");
      if (types.length > MAX_TYPES) throw new BadRequest(`types must list at most ${MAX_TYPES} stat types`);
      for (const type of types) {
        if (!TRAILER_STAT_TYPES.has(type)) throw new BadRequest(`Invalid value for parameter 'types': ${type}`);
      }
      const asOf = url.searchParams.has("time") ? timeOf(url, "time") : now;
      const ids = listOf(url, "trailerIds");
      const trailers = trailersAt(account.fleet).filter((trailer) => !ids || ids.includes(trailer.id));
      const binding = `trailer-stats|${types}|${url.searchParams.get("trailerIds")}|${url.searchParams.get("time")}`;
      const page = pageOf(trailers, url, TRAILER_STATS_PAGE_SIZE, binding);
      // Only `gps` is served: the canonical trailers have no odometer and no reefer.
      const data = page.data.map((trailer) => {
        const snapshot = trailerSnapshotOf(account.fleet, trailer, asOf);
        return types.includes("gps") ? snapshot : { id: snapshot.id, name: snapshot.name };
      });
      return { data, pagination: page.pagination };
    },
  },
};

const DOCUMENT_PDF = /^\/fleet\/documents\/([A-Za-z0-9_-]{1,64})\/pdf$/;

/** The route of a path with an id in it (the document download), if it is one. */
export function assetRouteOf(pathname: string): Route | undefined {
  const documentId = DOCUMENT_PDF.exec(pathname)?.[1];
  if (!documentId) return undefined;
  return {
    scope: "Read Documents",
    handle: ({ account }) => {
      const bytes = documentPdfOf(account.fleet.seed, documentId);
      return new Response(bytes, {
        status: 200,
        headers: {
          "content-type": "application/pdf",
          "content-length": String(bytes.length),
          "content-disposition": `attachment; filename="${documentId}.pdf"`,
        },
      });
    },
  };
}
