import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { isoOrUndefined, optional, presentFields, presentSourceTimes, presentSynced } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { ProviderSchema, RecordMetadataSchema, SourceIdSchema } from "../kit/schemas";
import type { devices } from "./table";

export const deviceFields = {
  id: idSchema("device"),
  sourceId: SourceIdSchema,
  provider: ProviderSchema,
  type: z.enum(["tracker", "camera"]).openapi({ example: "tracker" }),
  vehicle: idSchema("vehicle").optional().openapi({ description: "The vehicle the device is installed in." }),
  description: z.string().optional().openapi({ example: "VG54 gateway" }),
  serialNumber: z.string().optional().openapi({ example: "GFRV-43N-VGX" }),
  lastConnectedAt: DateTimeSchema.optional().openapi({ description: "When the device last reported." }),
  metadata: RecordMetadataSchema,
  createdAt: DateTimeSchema.optional().openapi({
    description: "Creation time in the provider system; absent when the provider does not say.",
  }),
  updatedAt: DateTimeSchema.optional().openapi({
    description: "Last update in the provider system; absent when the provider does not say.",
  }),
};

/** A device as another record embeds it with `expand`. */
export const ExpandedDeviceSchema = z
  .object(deviceFields)
  .openapi("ExpandedDevice", { description: "A device inside an expanded field; its `vehicle` stays an id." });

export type DeviceRecord = RecordOf<typeof devices>;

/**
 * A device with its vehicle as an id: what an expanded field holds, and what presentDevice starts from.
 * `createdAt`/`updatedAt` are the provider's.
 */
export function presentExpandedDevice(row: DeviceRecord): z.infer<typeof ExpandedDeviceSchema> {
  return {
    ...presentSynced(row),
    type: row.type,
    ...optional("vehicle", row.vehicleId),
    ...presentFields(row, "description", "serialNumber"),
    ...optional("lastConnectedAt", isoOrUndefined(row.lastConnectedAt)),
    ...presentSourceTimes(row),
  };
}
