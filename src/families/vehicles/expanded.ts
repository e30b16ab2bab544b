import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { FUEL_TYPES } from "../../model/normalized";
import { optional, presentFields, presentSourceTimes, presentSynced, round2 } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { LicenseSchema, ProviderSchema, RecordMetadataSchema, SourceIdSchema, StatusSchema } from "../kit/schemas";
import type { vehicles } from "./table";

export const vehicleFields = {
  id: idSchema("vehicle"),
  sourceId: SourceIdSchema,
  provider: ProviderSchema,
  status: StatusSchema,
  metadata: RecordMetadataSchema,
  vin: z.string().optional().openapi({ example: "1FUJGLDR5CLBP8834" }),
  name: z.string().optional().openapi({ example: "Truck 12" }),
  make: z.string().optional().openapi({ example: "Freightliner" }),
  model: z.string().optional().openapi({ example: "Cascadia" }),
  year: z.number().int().optional().openapi({ example: 2021 }),
  groups: z.array(idSchema("group")).openapi({ description: "Groups the vehicle belongs to." }),
  devices: z.array(idSchema("device")).openapi({ description: "Devices installed in the vehicle." }),
  licensePlate: LicenseSchema.optional(),
  fuelType: z.enum(FUEL_TYPES).optional().openapi({ example: "diesel" }),
  fuelEfficiency: z.number().optional().openapi({ description: "Litres per 100 km.", example: 32.5 }),
  fuelTankCapacity: z.number().optional().openapi({ description: "Litres.", example: 450 }),
  createdAt: DateTimeSchema.optional().openapi({ description: "Creation time in the provider system." }),
  updatedAt: DateTimeSchema.optional().openapi({ description: "Last update in the provider system." }),
};

/** A vehicle as another record embeds it with `expand`. */
export const ExpandedVehicleSchema = z.object(vehicleFields).openapi("ExpandedVehicle", {
  description: "A vehicle inside an expanded field; its `groups` and `devices` stay ids.",
});

export type VehicleRecord = RecordOf<typeof vehicles>;

/**
 * A vehicle (contract 2.4) with its groups and devices as ids: what an expanded field holds,
 * and what presentVehicle starts from. `createdAt`/`updatedAt` are the provider's.
 */
export function presentExpandedVehicle(row: VehicleRecord): z.infer<typeof ExpandedVehicleSchema> {
  return {
    ...presentSynced(row),
    status: row.status,
    ...presentFields(row, "vin", "name", "make", "model", "year", "licensePlate", "fuelType"),
    groups: row.groupIds,
    devices: row.deviceIds,
    ...optional("fuelEfficiency", row.fuelEfficiency === null ? undefined : round2(row.fuelEfficiency)),
    ...optional("fuelTankCapacity", row.fuelTankCapacity === null ? undefined : round2(row.fuelTankCapacity)),
    ...presentSourceTimes(row),
  };
}
