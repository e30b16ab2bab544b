import { z } from "@hono/zod-openapi";
import { geotabDate, geotabDeviceStatusInfo, idReference } from "./payloads";

/**
 * MyGeotab's trailers and engine faults (providers-families.md §3.6–3.7): `Trailer` (no position
 * of its own), `TrailerAttachment` (which device, the tractor, pulls it, from when to when),
 * `FaultData` (one fault reading of a device) and the `Diagnostic` and `FailureMode` it refers
 * to by id. Below, each as Geotab sends it, and the payloads the adapter hands on, which hold
 * them exactly as sent side by side (named as ours).
 */

/**
 * A reference Geotab writes either as `{ "id": … }` or, for a system entity without properties,
 * as the bare id: `"NoFailureModeId"`, `"ControllerObdPowertrainId"`, `"SourceJ1939Id"`.
 */
export const systemReference = z.union([idReference, z.string().min(1)]);
export type SystemReference = z.infer<typeof systemReference>;

/** The id of a reference in either form. */
export const referenceId = (reference: SystemReference | undefined): string | undefined =>
  typeof reference === "string" ? reference : reference?.id;

/** `Trailer`: a name, a comment, groups (and a `version`). No VIN, plate, make, model, year or archive date. */
export const geotabTrailer = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  comment: z.string().nullable().optional(),
  groups: z.array(idReference).optional(),
});
export type GeotabTrailer = z.infer<typeof geotabTrailer>;

/**
 * `TrailerAttachment`: the trailer hitched to a device (the tractor's GO device, our vehicle)
 * from `activeFrom` to `activeTo`, which is Geotab's MaxDate (2050-01-01) while still attached.
 */
export const geotabTrailerAttachment = z.object({
  id: z.string().min(1).optional(),
  trailer: idReference,
  device: idReference,
  activeFrom: geotabDate,
  activeTo: geotabDate.optional(),
});
export type GeotabTrailerAttachment = z.infer<typeof geotabTrailerAttachment>;

/** One trailer as the adapter hands it on: the Trailer as sent, and its attachment now (absent when parked). */
export const geotabTrailerWithAttachment = z.object({
  trailer: geotabTrailer,
  trailerAttachment: geotabTrailerAttachment.optional(),
});
export type GeotabTrailerWithAttachment = z.infer<typeof geotabTrailerWithAttachment>;

/** Where a trailer is, as the adapter hands it on: its attachment now and the tractor's DeviceStatusInfo, as sent. */
export const geotabTrailerLocation = z.object({
  trailerAttachment: geotabTrailerAttachment,
  deviceStatusInfo: geotabDeviceStatusInfo,
});
export type GeotabTrailerLocation = z.infer<typeof geotabTrailerLocation>;

/**
 * `FaultData`: one fault reading of a device at `dateTime`. `faultState` (None, Pending, Active,
 * Inactive, Cleared) is being replaced by `faultStates.effectiveStatus` (written `Active` or
 * `FaultStatusActiveId`); `malfunctionLamp` is the MIL; `count` the occurrences; `sourceAddress`
 * the J1939 address of the controller that reported it. The other lamps, class, severity and
 * dismissal are not read.
 */
export const geotabFaultData = z.object({
  id: z.string().min(1).optional(),
  dateTime: geotabDate,
  device: idReference,
  diagnostic: idReference,
  failureMode: systemReference.nullable().optional(),
  controller: systemReference.nullable().optional(),
  count: z.number().int().nonnegative().nullable().optional(),
  faultState: z.string().nullable().optional(),
  // The typings give `faultStates` no shape: one that is not `{effectiveStatus}` is read as absent.
  faultStates: z.object({ effectiveStatus: z.string().nullable().optional() }).nullable().optional().catch(undefined),
  malfunctionLamp: z.boolean().nullable().optional(),
  sourceAddress: z.number().int().min(0).max(255).nullable().optional(),
});
export type GeotabFaultData = z.infer<typeof geotabFaultData>;

/**
 * `Diagnostic`: what a fault (or a reading) is. `source` says the kind: `SourceJ1939Id` (a
 * SuspectParameter: `code` is the SPN), `SourceObdId` / `SourceObdSaId` (an ObdFault: `code` is
 * the DTC's number, its letter the `controller`'s), `SourceGeotabGoId` (the GO device's own
 * health), and others.
 */
export const geotabDiagnostic = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  code: z.number().int().nonnegative().nullable().optional(),
  diagnosticType: z.string().optional(),
  source: systemReference,
  controller: systemReference.nullable().optional(),
});
export type GeotabDiagnostic = z.infer<typeof geotabDiagnostic>;

/** `FailureMode`: a J1939 FMI (`code` 0–31) and its text. */
export const geotabFailureMode = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  code: z.number().int().nullable().optional(),
  source: systemReference.optional(),
});
export type GeotabFailureMode = z.infer<typeof geotabFailureMode>;

/**
 * One fault reading as the adapter hands it on: the FaultData as sent, and the Diagnostic and
 * FailureMode (absent for `NoFailureModeId`) it refers to, as `Get` answered them.
 */
export const geotabFault = z.object({
  faultData: geotabFaultData,
  diagnostic: geotabDiagnostic,
  failureMode: geotabFailureMode.optional(),
});
export type GeotabFault = z.infer<typeof geotabFault>;
