import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { optional, presentFields, presentSourceTimes, presentSynced } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { LicenseSchema, ProviderSchema, RecordMetadataSchema, SourceIdSchema, StatusSchema } from "../kit/schemas";
import type { trailers } from "./table";

export const trailerFields = {
  id: idSchema("trailer"),
  sourceId: SourceIdSchema,
  provider: ProviderSchema,
  status: StatusSchema,
  name: z.string().optional().openapi({ example: "Trailer 53-0112" }),
  vin: z.string().optional().openapi({ example: "1JJV532D8KL123456" }),
  serialNumber: z.string().optional().openapi({ example: "1JJV532D8KL123456" }),
  make: z.string().optional().openapi({ example: "Wabash" }),
  model: z.string().optional().openapi({ example: "DuraPlate" }),
  year: z.number().int().optional().openapi({ example: 2019 }),
  groups: z.array(idSchema("group")).openapi({ description: "Groups the trailer belongs to." }),
  licensePlate: LicenseSchema.optional(),
  vehicle: idSchema("vehicle")
    .optional()
    .openapi({ description: "The vehicle the trailer is hitched to, where the provider links them." }),
  createdAt: DateTimeSchema.optional().openapi({ description: "Creation time in the provider system." }),
  updatedAt: DateTimeSchema.optional().openapi({ description: "Last update in the provider system." }),
  metadata: RecordMetadataSchema,
};

/** A trailer as another record embeds it with `expand`. */
export const ExpandedTrailerSchema = z
  .object(trailerFields)
  .openapi("ExpandedTrailer", { description: "A trailer inside an expanded field; its `groups` stay ids." });

export type TrailerRecord = RecordOf<typeof trailers>;

/** A trailer with its references as ids: what an expanded field holds, and what presentTrailer starts from. */
export function presentExpandedTrailer(row: TrailerRecord): z.infer<typeof ExpandedTrailerSchema> {
  return {
    ...presentSynced(row),
    status: row.status,
    ...presentFields(row, "name", "vin", "serialNumber", "make", "model", "year", "licensePlate"),
    groups: row.groupIds,
    ...optional("vehicle", row.vehicleId),
    ...presentSourceTimes(row),
  };
}
