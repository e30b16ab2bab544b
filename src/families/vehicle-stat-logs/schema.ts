import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { ENGINE_STATES, VEHICLE_STAT_TYPES, type VehicleStatType } from "../../model/normalized";
import { RawQuerySchema, RawSchema, TimeSeriesMetadataSchema } from "../kit/schemas";
import { checkSeriesWindow, seriesWindowQuery } from "../kit/series-window";
import { ExpandedVehicleSchema } from "../vehicles/expanded";
import { STAT_FIELDS } from "./stat-fields";

const commonFields = {
  id: idSchema("vehicleStatLog"),
  timestamp: DateTimeSchema.openapi({ description: "When the reading was taken." }),
  vehicle: z
    .union([idSchema("vehicle"), ExpandedVehicleSchema])
    .openapi({ description: "The vehicle's id; the vehicle object with `expand=vehicle`." }),
  metadata: TimeSeriesMetadataSchema,
  raw: RawSchema.optional(),
};

const pascal = (type: string) => type.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());

function statVariant<T extends VehicleStatType>(type: T) {
  const { field, unit } = STAT_FIELDS[type];
  const value =
    type === "engine_state"
      ? z.enum(ENGINE_STATES).openapi({ description: unit, example: "on" })
      : z.number().openapi({ description: `${unit}, 2 decimals.`, example: 1 });
  return z
    .object({ ...commonFields, type: z.literal(type), [field]: value })
    .openapi(`VehicleStatLog${pascal(type)}`, { description: `A reading of \`${type}\` (${unit}).` });
}

const variants = VEHICLE_STAT_TYPES.map(statVariant);

export const VehicleStatLogSchema = z
  .discriminatedUnion("type", variants as unknown as [(typeof variants)[number], ...(typeof variants)[number][]])
  .openapi("VehicleStatLog", {
    description: "One reading of a vehicle's stats: `type` names the reading, and the one value field it carries.",
  });

const TypesQuerySchema = z
  .string()
  .regex(new RegExp(`^(${VEHICLE_STAT_TYPES.join("|")})(\\s*,\\s*(${VEHICLE_STAT_TYPES.join("|")}))*$`), {
    message: `Expected stat types separated by commas, among: ${VEHICLE_STAT_TYPES.join(", ")}`,
  })
  .transform((value) => {
    const wanted = new Set(value.split(/\s*,\s*/));
    return VEHICLE_STAT_TYPES.filter((type) => wanted.has(type));
  })
  .optional()
  .openapi({
    type: "string",
    description: `Comma-separated stat types, among: ${VEHICLE_STAT_TYPES.map((type) => `\`${type}\``).join(", ")}. Default: all.`,
    example: "odometer,fuel_level",
  });

export const ListVehicleStatLogsQuerySchema = z
  .object({
    ...seriesWindowQuery,
    types: TypesQuerySchema,
    expand: z.enum(["vehicle"]).optional().openapi({ description: "Turns `vehicle` into the vehicle object." }),
    raw: RawQuerySchema,
  })
  .superRefine(checkSeriesWindow);
