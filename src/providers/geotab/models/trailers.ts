import type { NormalizedTrailer } from "../../../model/assets";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { geotabTrailerWithAttachment } from "../asset-payloads";
import { type GeotabClient, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import { geotabClient } from "../login";
import { compare, idOf, limitOf, MAX_RESULTS, unreadableIssue } from "../paging";
import { currentAttachments, currentAttachmentsCall } from "../trailer-attachments";
import { groupIds } from "../values";

/**
 * Trailers are Geotab's Trailers, each with the device (our vehicle: vehicles are Devices) its
 * current TrailerAttachment hitches it to, in MyGeotab's one pace for calls (providers.md 3.3).
 */
export const geotabTrailers: ProviderModel<"trailers"> = {
  pace: "calls",
  read: (request) => readTrailers(geotabClient(request), request),
  normalize: mapTrailer,
};

/**
 * `Get Trailer` (a small list, searched by nothing) and the current TrailerAttachments in one
 * ExecuteMultiCall, then id-ordered slices of the trailers, as groups are read (the cursor holds
 * the last trailer done). Each trailer goes with its current attachment, as sent.
 */
async function readTrailers(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const after = decodeCursor(request.cursor, "trailers", "after")?.id;
  const now = Date.now();
  const [trailers = [], attachments = []] = await client.getEach([
    { typeName: "Trailer", resultsLimit: MAX_RESULTS },
    currentAttachmentsCall(now),
  ]);
  const current = currentAttachments(attachments, now);
  // A trailer without an id cannot be placed in the listing (nor referenced): counted, not listed.
  const unreadable = trailers.filter((item) => idOf(item) === "").length + current.unreadable;
  const listed = trailers
    .filter((item) => idOf(item) !== "")
    .sort((a, b) => compare(idOf(a), idOf(b)))
    .filter((item) => after === undefined || compare(idOf(item), after) > 0);
  const page = listed.slice(0, limitOf(request.pageSize));
  const items = page.map((trailer) => {
    const attachment = current.byTrailer.get(idOf(trailer));
    return { trailer, ...(attachment ? { trailerAttachment: attachment.sent } : {}) };
  });
  const last = page.at(-1);
  return {
    items,
    schema: "geotab.Trailer+TrailerAttachment",
    ...(listed.length > page.length && last !== undefined
      ? { nextCursor: encodeCursor("trailers", { k: "after", id: idOf(last) }) }
      : {}),
    ...(unreadable > 0 && after === undefined ? { issues: [unreadableIssue(unreadable, "Trailer")] } : {}),
  };
}

/**
 * A Trailer and its current attachment. Geotab's Trailer has no archive date (a removed trailer
 * is no longer listed), so every listed one is active; nor VIN, plate, make, model or year.
 */
export function mapTrailer(payload: unknown): NormalizedTrailer {
  const { trailer, trailerAttachment } = parsePayload(PROVIDER, geotabTrailerWithAttachment, payload, "Trailer");
  if (trailerAttachment !== undefined && trailerAttachment.trailer.id !== trailer.id) {
    throw new ProviderError("malformed", "Geotab: a trailer came with another trailer's attachment.");
  }
  const name = nonBlank(trailer.name);
  return {
    sourceId: trailer.id,
    status: "active",
    ...(name !== undefined ? { name } : {}),
    groupSourceIds: groupIds(trailer.groups),
    ...(trailerAttachment !== undefined ? { vehicleSourceId: trailerAttachment.device.id } : {}),
  };
}
