import type { LicensePlate } from "../../model/normalized";
import { nonBlank } from "../kit/parse";
import type { GeotabDevice } from "./payloads";

/**
 * MyGeotab payloads → the normalized model (the mappers of models/), field by field (units of
 * wire-compat.md: km, litres, ms; 2 decimals). Geotab already speaks km and litres; its
 * durations are TimeSpan strings (timespan.ts); "active" is an `activeTo` in the future
 * (2050-01-01 for anything not archived). Below, the small readers of values they share.
 */

/** Geotab's MinDate, its "not set" for activeFrom. */
const MIN_DATE = Date.parse("1986-01-02T00:00:00.000Z");

/**
 * System groups (`GroupCompanyId`, the root of the organization's tree, and the built-in
 * security, private-user and asset-information groups) are Geotab's own structure: every
 * entity belongs to the company group. They are neither listed nor referenced as groups.
 */
export const isSystemGroup = (id: string) => /^Group[A-Za-z]*Id$/.test(id);

/** A Device with telematics hardware behind it (an untracked asset has no serial number). */
export function hasHardware(device: Pick<GeotabDevice, "serialNumber" | "deviceType">): boolean {
  const serial = device.serialNumber?.trim() ?? "";
  return serial !== "" && !/^0+$/.test(serial.replaceAll("-", "")) && device.deviceType !== "None";
}

/** Active until `activeTo` (2050-01-01 for an entity that is not archived); no `activeTo` is active. */
export function statusOf(activeTo: string | undefined, now = Date.now()): "active" | "inactive" {
  return activeTo === undefined || Date.parse(activeTo) > now ? "active" : "inactive";
}

/** Whether a date is Geotab's MinDate or before it: "never" (a device that has reported nothing). */
export const isBeforeMinDate = (value: string) => Date.parse(value) < MIN_DATE;

/** The driver id of trips, events and live states with no identified driver. */
export const UNKNOWN_DRIVER_ID = "UnknownDriverId";

/** A driver reference (`{ id }`, or the bare system id) as a driver's source id; none for the unknown driver. */
export function driverIdOf(driver: { id: string } | string | undefined): string | undefined {
  const id = typeof driver === "string" ? driver : driver?.id;
  return id === undefined || id === UNKNOWN_DRIVER_ID ? undefined : id;
}

export function activeFrom(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return time < MIN_DATE ? undefined : new Date(time).toISOString();
}

export function groupIds(groups: ReadonlyArray<{ id: string }> | undefined): string[] {
  return [...new Set((groups ?? []).map((group) => group.id).filter((id) => !isSystemGroup(id)))];
}

export function registration(state: string | undefined, number: string | undefined): LicensePlate | undefined {
  const region = nonBlank(state);
  const value = nonBlank(number);
  if (region === undefined && value === undefined) return undefined;
  return { ...(region !== undefined ? { state: region } : {}), ...(value !== undefined ? { number: value } : {}) };
}
