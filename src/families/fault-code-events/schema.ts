import { z } from "@hono/zod-openapi";
import { boundQuerySchema, DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { FAULT_CODE_STATUSES, FAULT_PROTOCOLS } from "../../model/assets";
import {
  expandOneQuerySchema,
  idListQuerySchema,
  ModifiedAfterQuerySchema,
  ModifiedBeforeQuerySchema,
  RawQuerySchema,
  RawSchema,
  RecordMetadataSchema,
} from "../kit/schemas";
import { ExpandedVehicleSchema } from "../vehicles/expanded";

export const FaultCodeEventSchema = z
  .object({
    id: idSchema("faultCodeEvent"),
    sourceId: z.string().openapi({
      description:
        "Id in the source system: the provider's id of the occurrence, or, where the provider reports observations only, the vehicle, fault and first observation time.",
      example: "48401",
    }),
    provider: z.string().openapi({ description: "Provider code.", example: "motive" }),
    status: z.enum(FAULT_CODE_STATUSES).openapi({
      description:
        "As the provider reports the fault over time: `pending` (detected, not confirmed yet: OBD-II pending codes), `open` (active), `closed` (cleared).",
      example: "open",
    }),
    vehicle: z
      .union([idSchema("vehicle"), ExpandedVehicleSchema])
      .openapi({ description: "The vehicle's id; the vehicle object with `expand=vehicle`." }),
    protocol: z.enum(FAULT_PROTOCOLS).openapi({ example: "j1939" }),
    code: z.string().openapi({ description: "The OBD-II code, or the J1939 SPN.", example: "3251" }),
    description: z
      .string()
      .optional()
      .openapi({ example: "Aftertreatment 1 Diesel Particulate Filter Differential Pressure" }),
    observedAt: DateTimeSchema.openapi({
      description: "When the fault was last observed (for a closed one: when it cleared).",
    }),
    firstObservedAt: DateTimeSchema.openapi({ description: "When this occurrence of the fault was first observed." }),
    milStatus: z
      .enum(["on", "off"])
      .optional()
      .openapi({ description: "The malfunction indicator lamp (check engine light), where the provider reports it." }),
    obdii: z
      .object({
        code: z.string().openapi({ example: "P0171" }),
        description: z.string().optional().openapi({ example: "System Too Lean (Bank 1)" }),
      })
      .optional()
      .openapi({ description: "The OBD-II code, for `protocol: obdii`." }),
    j1939: z
      .object({
        spn: z.number().int().openapi({ description: "Suspect parameter number.", example: 3251 }),
        fmi: z.number().int().optional().openapi({ description: "Failure mode identifier (0–31).", example: 0 }),
        fmiDescription: z.string().optional().openapi({ example: "Data valid but above normal operating range" }),
        spnDescription: z.string().optional().openapi({ example: "Aftertreatment 1 DPF Differential Pressure" }),
        occurrenceCount: z.number().int().optional().openapi({ example: 3 }),
        sourceAddress: z
          .number()
          .int()
          .optional()
          .openapi({ description: "J1939 source address (0: engine #1).", example: 0 }),
      })
      .optional()
      .openapi({ description: "The J1939 fault, for `protocol: j1939`." }),
    metadata: RecordMetadataSchema,
    raw: RawSchema.optional(),
  })
  .openapi("FaultCodeEvent", {
    description: "One occurrence of a diagnostic trouble code on a vehicle, from first observed to cleared.",
  });

export const ListFaultCodeEventsQuerySchema = PaginationQuerySchema.extend({
  startAt: boundQuerySchema(
    DateTimeSchema,
    "Only faults observed at or after this time (their occurrence reaches it: last observed at or after).",
    "2026-01-06T00:00:00.000Z",
  ),
  endAt: boundQuerySchema(
    DateTimeSchema,
    "Only faults first observed before this time (exclusive).",
    "2026-01-07T00:00:00.000Z",
  ),
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  vehicleIds: idListQuerySchema("vehicle"),
  expand: expandOneQuerySchema("vehicle"),
  raw: RawQuerySchema,
});
