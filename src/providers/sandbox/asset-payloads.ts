import { z } from "@hono/zod-openapi";

/**
 * The sandbox API's trailers, trailer locations and diagnostic trouble codes, in its own shapes
 * and units like the rest of it (payloads.ts): miles per hour, its own protocol and state names.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const point = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export const SANDBOX_TRAILER_KINDS = ["dry_van", "reefer", "flatbed"] as const;

/** `GET /trailers`. `vehicleId`: the tractor it is hitched to now; absent while it is parked. */
export const sandboxTrailer = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  vin: z.string().length(17),
  /** The serial of the trailer's tracker, which reports its position. */
  trackerSerial: z.string().min(1),
  make: z.string().min(1),
  model: z.string().min(1),
  modelYear: z.number().int().min(1900).max(2100),
  kind: z.enum(SANDBOX_TRAILER_KINDS),
  lengthFeet: z.number().int().positive(),
  plate: z.object({ region: z.string().min(1), number: z.string().min(1) }),
  tagIds: z.array(z.string().min(1)),
  vehicleId: z.string().min(1).optional(),
  active: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SandboxTrailer = z.infer<typeof sandboxTrailer>;

/** `GET /trailers/locations`: where each trailer's tracker last reported it. */
export const sandboxTrailerLocation = z.object({
  trailerId: z.string().min(1),
  /** The tractor it was hitched to when it reported, if any. */
  vehicleId: z.string().min(1).optional(),
  time: isoDateTime,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  headingDegrees: z.number().min(0).max(360),
  speedMph: z.number().finite().nonnegative(),
  nearestCity: z.string().min(1).optional(),
});
export type SandboxTrailerLocation = z.infer<typeof sandboxTrailerLocation>;

/** A trouble code's state: `pending` (OBD-II, not confirmed yet), `active`, or `cleared`. */
export const SANDBOX_FAULT_STATES = ["pending", "active", "cleared"] as const;
export type SandboxFaultState = (typeof SANDBOX_FAULT_STATES)[number];

const faultCommon = {
  /** The occurrence: from the code's first detection to its clearing. */
  id: z.string().min(1),
  vehicleId: z.string().min(1),
  description: z.string().min(1),
  state: z.enum(SANDBOX_FAULT_STATES),
  /** When the state above began. */
  stateSince: isoDateTime,
  /** When the occurrence was first detected. */
  detectedAt: isoDateTime,
  /** Where the vehicle was when the code was first detected. */
  location: point.optional(),
  checkEngineLight: z.boolean(),
};

/**
 * `GET /vehicles/faults`: one occurrence of a trouble code on a vehicle, as it stands when read.
 * Heavy diesel vehicles report J1939 codes (SPN and FMI, from a controller's source address),
 * the others OBD-II codes.
 */
export const sandboxFaultCode = z.discriminatedUnion("protocol", [
  z.object({
    ...faultCommon,
    protocol: z.literal("J1939"),
    spn: z.number().int().nonnegative(),
    fmi: z.number().int().min(0).max(31),
    spnName: z.string().min(1),
    fmiText: z.string().min(1),
    sourceAddress: z.number().int().min(0).max(255),
    sourceName: z.string().min(1).optional(),
    occurrences: z.number().int().min(1).max(126),
  }),
  z.object({ ...faultCommon, protocol: z.literal("OBD2"), dtc: z.string().regex(/^[PCBU][0-9A-F]{4}$/) }),
]);
export type SandboxFaultCode = z.infer<typeof sandboxFaultCode>;
