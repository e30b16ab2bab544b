import { recordId, recordIds } from "../../lib/record-ids";
import type { NormalizedTrailer } from "../../model/normalized";
import { type Item, jsonOrNull, toMs, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = [
  "status",
  "name",
  "vin",
  "serial_number",
  "make",
  "model",
  "year",
  "license_plate",
  "group_ids",
  "vehicle_id",
  "source_created_at",
  "source_updated_at",
];

/** Writes a page of trailers; groups and the hitched vehicle are referenced by the ids their source ids will have. */
export function writeTrailers(context: WriteContext, items: Item<NormalizedTrailer>[]) {
  return writeRecords(context, { table: "trailers", kind: "trailer", columns: COLUMNS }, items, async (trailer) => [
    trailer.status,
    trailer.name ?? null,
    trailer.vin ?? null,
    trailer.serialNumber ?? null,
    trailer.make ?? null,
    trailer.model ?? null,
    trailer.year ?? null,
    jsonOrNull(trailer.licensePlate),
    JSON.stringify(await recordIds(context.connection, "group", trailer.groupSourceIds)),
    trailer.vehicleSourceId ? await recordId(context.connection, "vehicle", trailer.vehicleSourceId) : null,
    toMs(trailer.createdAt),
    toMs(trailer.updatedAt),
  ]);
}
