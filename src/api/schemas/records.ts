import { z } from "@hono/zod-openapi";
import { VISIBILITIES } from "../../db/schema";
import { BooleanQuerySchema, DateTimeSchema, idSchema } from "../../http/schemas/common";
import { ID_PREFIXES, ULID_PATTERN } from "../../lib/ids";
import { FUEL_TYPES } from "../../model/normalized";

/**
 * Shapes shared by the synced-record areas (vehicles, drivers, groups, devices, safety
 * events). A record inside an expanded field is the `Expanded…` component: the same fields,
 * but its own references stay ids and it carries no `raw`, so expansions are one level deep.
 */

export const RawEntrySchema = z
  .object({
    provider: z.string().openapi({ description: "Provider code.", example: "sandbox" }),
    schema: z
      .string()
      .openapi({ description: "The provider endpoint or record type the payload came from.", example: "vehicles" }),
    extractedAt: DateTimeSchema.openapi({ description: "When the payload was read from the provider." }),
    // Any JSON value, but present: z.unknown() alone would make the key optional.
    data: z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string(), z.number(), z.boolean(), z.null()])
      .openapi({ description: "The provider's payload, untouched.", example: { id: "281474977" } }),
  })
  .openapi("RawEntry");

export const RawSchema = z
  .array(RawEntrySchema)
  .openapi({ description: "The raw provider payloads the record was normalized from; only with `raw=true`." });

export const RecordMetadataSchema = z
  .object({
    addedAt: DateTimeSchema.openapi({ description: "When the record was first synced." }),
    modifiedAt: DateTimeSchema.openapi({ description: "When the record's normalized content last changed." }),
    deletedAt: DateTimeSchema.optional().openapi({ description: "When the provider stopped returning the record." }),
    visibility: z.enum(VISIBILITIES).openapi({
      description:
        "`visible`, hidden by the connection's filters (`hidden_by_exclude_list`, `hidden_by_include_list`, `hidden_by_status`), or `deleted` at the provider.",
      example: "visible",
    }),
  })
  .openapi("RecordMetadata");

const ProviderSchema = z.string().openapi({ description: "Provider code.", example: "sandbox" });
const SourceIdSchema = z.string().openapi({ description: "Id in the source system.", example: "281474977" });
const StatusSchema = z
  .enum(["active", "inactive"])
  .openapi({ description: "Status in the provider system.", example: "active" });

export const LicenseSchema = z
  .object({
    state: z.string().optional().openapi({ description: "Issuing state or province.", example: "CA" }),
    number: z.string().optional().openapi({ example: "8ABC123" }),
  })
  .openapi("License");

export const groupFields = {
  id: idSchema("group"),
  sourceId: SourceIdSchema,
  provider: ProviderSchema,
  name: z.string().openapi({ example: "West region" }),
  description: z.string().optional().openapi({ example: "Trucks based in Sacramento" }),
  parent: idSchema("group").optional().openapi({ description: "The parent group." }),
  metadata: RecordMetadataSchema,
};

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
};

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

export const driverFields = {
  id: idSchema("driver"),
  sourceId: SourceIdSchema,
  provider: ProviderSchema,
  status: StatusSchema,
  metadata: RecordMetadataSchema,
  firstName: z.string().optional().openapi({ example: "Ada" }),
  middleName: z.string().optional().openapi({ example: "M." }),
  lastName: z.string().optional().openapi({ example: "Lovelace" }),
  email: z.string().optional().openapi({ example: "ada@example.com" }),
  phone: z.string().optional().openapi({ example: "+1 555 0100" }),
  username: z.string().optional().openapi({ description: "Login name.", example: "alovelace" }),
  license: LicenseSchema.optional(),
  groups: z.array(idSchema("group")).openapi({ description: "Groups the driver belongs to." }),
  createdAt: DateTimeSchema.optional().openapi({ description: "Creation time in the provider system." }),
  updatedAt: DateTimeSchema.optional().openapi({ description: "Last update in the provider system." }),
};

export const ExpandedGroupSchema = z
  .object(groupFields)
  .openapi("ExpandedGroup", { description: "A group inside an expanded field; its `parent` stays an id." });
export const ExpandedDeviceSchema = z
  .object(deviceFields)
  .openapi("ExpandedDevice", { description: "A device inside an expanded field; its `vehicle` stays an id." });
export const ExpandedVehicleSchema = z.object(vehicleFields).openapi("ExpandedVehicle", {
  description: "A vehicle inside an expanded field; its `groups` and `devices` stay ids.",
});
export const ExpandedDriverSchema = z
  .object(driverFields)
  .openapi("ExpandedDriver", { description: "A driver inside an expanded field; its `groups` stay ids." });

export const ModifiedAfterQuerySchema = DateTimeSchema.optional().openapi({
  description: "Only records modified at or after this time (inclusive).",
  example: "2026-01-06T03:24:53.000Z",
});
export const ModifiedBeforeQuerySchema = DateTimeSchema.optional().openapi({
  description: "Only records modified before this time (exclusive).",
  example: "2026-01-07T03:24:53.000Z",
});
export const RawQuerySchema = BooleanQuerySchema.openapi({
  description: "Include the raw provider payloads (`raw`). Default false.",
});
export const DeletedQuerySchema = BooleanQuerySchema.openapi({
  description: "Also list records deleted at the provider. Default false.",
});

/** The most ids a comma-separated id filter takes (contract section 8). */
export const MAX_FILTER_IDS = 50;

/**
 * A comma-separated list of ids of one kind (spaces around commas allowed), at most 50, in
 * the contract's pattern. Parses to the distinct ids, sorted, so equal filters compare equal.
 */
export function idListQuerySchema(kind: "vehicle" | "driver") {
  const one = `${ID_PREFIXES[kind]}${ULID_PATTERN}`;
  const pattern = `^${one}(\\s*,\\s*${one})*$`;
  return z
    .string()
    .regex(new RegExp(pattern), { message: `Expected ${ID_PREFIXES[kind]} ids separated by commas` })
    .transform((value, context) => {
      const ids = value.split(/\s*,\s*/);
      if (ids.length > MAX_FILTER_IDS) {
        context.addIssue({
          code: "too_big",
          origin: "array",
          maximum: MAX_FILTER_IDS,
          inclusive: true,
          input: ids,
          message: `At most ${MAX_FILTER_IDS} ids, got ${ids.length}.`,
        });
        return z.NEVER;
      }
      return [...new Set(ids)].sort();
    })
    .optional()
    .openapi({
      type: "string",
      pattern,
      description: `Comma-separated \`${ID_PREFIXES[kind]}\` ids, at most ${MAX_FILTER_IDS}; spaces around commas are allowed.`,
      example: `${ID_PREFIXES[kind]}01HZX5G1Q4V2M8T6W9K3R7N0PB,${ID_PREFIXES[kind]}01HZX5G1Q4V2M8T6W9K3R7N0PC`,
    });
}
