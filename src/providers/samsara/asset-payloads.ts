import { z } from "@hono/zod-openapi";
import { samsaraGpsPoint } from "./series-payloads";

/**
 * Samsara's trailers and their fault codes (providers-families.md 1.6, 1.7), in its field names:
 * the trailers listing, the trailer stats snapshot (the vehicle stats' shapes), and the
 * `faultCodes` points of the vehicle stats history. Optional fields are `nullish`, as in
 * payloads.ts.
 */

const text = z.string().nullish();
/** An RFC 3339 time that parses (an observation without a readable time cannot be placed). */
const rfc3339 = z
  .string()
  .min(1)
  .refine((value) => !Number.isNaN(Date.parse(value)), "not an RFC 3339 time");
const count = z.number().int().nonnegative();

/** `GET /fleet/trailers`: no VIN, make, model or year, and no status; the plate without its state. */
export const samsaraTrailer = z.object({
  id: z.string().min(1),
  name: text,
  licensePlate: text,
  trailerSerialNumber: text,
  notes: text,
  tags: z.array(z.object({ id: z.string().min(1), name: text, parentTagId: text })).nullish(),
  installedGateway: z.object({ model: text, serial: text }).nullish(),
});
export type SamsaraTrailer = z.infer<typeof samsaraTrailer>;

/** A trailer of `GET /fleet/trailers/stats?types=gps`: its latest `gps` reading (speed in mph). */
export const samsaraTrailerSnapshot = z.object({ id: z.string().min(1), name: text, gps: samsaraGpsPoint });

/**
 * A J1939 trouble code of a `faultCodes` point: `txId` is the source address of the controller
 * that reported it, `milStatus` the lamp status it came with (0: off).
 */
const j1939Dtc = z.object({
  spnId: count,
  fmiId: count.nullish(),
  occurrenceCount: count.nullish(),
  milStatus: z.number().int().nullish(),
  txId: count.nullish(),
  sourceAddressName: text,
  spnDescription: text,
  fmiDescription: text,
});

/** An OBD-II code: `dtcShortCode` is the code as a mechanic reads it ("P0171"). */
const obdDtc = z.object({ dtcId: z.number().int().nullish(), dtcShortCode: z.string().min(1), dtcDescription: text });

/** The codes one OBD-II controller (`txId`) holds, by state, and its lamp. */
const obdController = z.object({
  txId: z.number().int().nullish(),
  milStatus: z.boolean().nullish(),
  confirmedDtcs: z.array(obdDtc).nullish(),
  pendingDtcs: z.array(obdDtc).nullish(),
  permanentDtcs: z.array(obdDtc).nullish(),
});

/** A `faultCodes` point: every code active on the vehicle at `time`, by protocol (OEM codes are not read). */
export const samsaraFaultCodesPoint = z.object({
  time: rfc3339,
  canBusType: text,
  j1939: z
    .object({
      checkEngineLights: z.object({ emissionsIsOn: z.boolean().nullish() }).nullish(),
      diagnosticTroubleCodes: z.array(j1939Dtc).nullish(),
    })
    .nullish(),
  obdii: z
    .object({
      checkEngineLightIsOn: z.boolean().nullish(),
      diagnosticTroubleCodes: z.array(obdController).nullish(),
    })
    .nullish(),
});
export type SamsaraFaultCodesPoint = z.infer<typeof samsaraFaultCodesPoint>;

/** A vehicle of `/fleet/vehicles/stats/history?types=faultCodes`: its points of the window. */
export const samsaraVehicleFaultHistory = z.object({
  id: z.string().min(1),
  name: text,
  faultCodes: z.array(samsaraFaultCodesPoint),
});
