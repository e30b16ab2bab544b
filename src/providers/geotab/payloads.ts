import { z } from "@hono/zod-openapi";
import { isDuration } from "./timespan";

/**
 * MyGeotab's own payloads (JSON-RPC 2.0 over `POST <server>/apiv1`), in its field names and
 * units: Trip `distance` in km, speeds in km/h, StatusData in its Diagnostic's SI unit (fuel
 * totals in litres, odometers in meters, engine hours in seconds), durations as .NET TimeSpan
 * strings, dates as ISO 8601 UTC strings, ids as opaque strings. Provider data is
 * untrusted input: payloads are validated before they are mapped, and unknown fields are
 * ignored (Geotab adds fields over time).
 */

/** An ISO 8601 date-time as Geotab writes it (`2023-03-14T17:22:05.000Z`; `2050-01-01T00:00:00.000Z` = never). */
export const geotabDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "Expected a date-time");
/** A reference to another entity: `{ "id": "b20" }`. */
export const idReference = z.object({ id: z.string().min(1) });
/** A .NET TimeSpan duration (`hh:mm:ss[.fffffff]`, with a `d.` day prefix from 24 hours up). */
export const timeSpan = z.string().refine(isDuration, "Expected a TimeSpan duration such as 01:02:03.5000000");
/**
 * The driver of a trip or event: a reference, or the system id `UnknownDriverId` (Geotab
 * writes it either as a reference or as the bare string).
 */
const driverReference = z.union([idReference, z.string().min(1)]);

/** `Get Group`: a flat list; the tree is in each group's `children` (the parent is not sent). */
export const geotabGroup = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  comments: z.string().optional(),
  children: z.array(idReference).optional(),
  /**
   * Geotab's object model has a `parent`, but Get leaves it out; the adapter fills it from the
   * listing's `children` before handing the group on (see models/groups.ts).
   */
  parent: idReference.optional(),
});
export type GeotabGroup = z.infer<typeof geotabGroup>;

/** `Device`: Geotab's vehicle (and the GO device installed in it). No make, model, year or fuel type. */
export const geotabDevice = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  serialNumber: z.string().optional(),
  deviceType: z.string().optional(),
  vehicleIdentificationNumber: z.string().optional(),
  engineVehicleIdentificationNumber: z.string().optional(),
  licensePlate: z.string().optional(),
  licenseState: z.string().optional(),
  groups: z.array(idReference).optional(),
  activeFrom: geotabDate.optional(),
  /** `2050-01-01T00:00:00.000Z` for an active device; a past date once archived. */
  activeTo: geotabDate.optional(),
});
export type GeotabDevice = z.infer<typeof geotabDevice>;

/** `User` (drivers are users with `isDriver: true`); `name` is the login name, usually an email. */
export const geotabUser = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phoneNumber: z.string().optional(),
  isDriver: z.boolean().optional(),
  licenseNumber: z.string().optional(),
  licenseProvince: z.string().optional(),
  companyGroups: z.array(idReference).optional(),
  driverGroups: z.array(idReference).optional(),
  activeFrom: geotabDate.optional(),
  activeTo: geotabDate.optional(),
});
export type GeotabUser = z.infer<typeof geotabUser>;

/** A point as Geotab writes a Trip's `stopPoint`: `x` the longitude, `y` the latitude. */
export const geotabPoint = z.object({
  x: z.number().finite().min(-180).max(180),
  y: z.number().finite().min(-90).max(90),
});

/**
 * `Trip`: one drive from `start` to `stop`, and the stop after it (until `nextTripStart`), at
 * `stopPoint`; `distance` in km, durations as TimeSpans, `odometer` in meters.
 */
export const geotabTrip = z.object({
  id: z.string().min(1).optional(),
  device: idReference,
  driver: driverReference.optional(),
  start: geotabDate,
  stop: geotabDate,
  distance: z.number().finite().nonnegative(),
  drivingDuration: timeSpan,
  /** Idling (speed 0, ignition on) from this trip's start to the next trip's start. */
  idlingDuration: timeSpan.optional(),
  stopDuration: timeSpan.optional(),
  nextTripStart: geotabDate.optional(),
  averageSpeed: z.number().finite().optional(),
  maximumSpeed: z.number().finite().optional(),
  /** Where the drive ended (Geotab records no start point: the trip before ends where this one starts). */
  stopPoint: geotabPoint.optional(),
});
export type GeotabTrip = z.infer<typeof geotabTrip>;

/**
 * One trip as the adapter hands it on: the Trip exactly as Geotab sent it, and the device's
 * trip before it (as sent too), whose `stopPoint` is where this one started.
 */
export const geotabTripWithPrevious = z.object({
  trip: geotabTrip.extend({ id: z.string().min(1) }),
  previousTrip: geotabTrip.optional(),
});
export type GeotabTripWithPrevious = z.infer<typeof geotabTripWithPrevious>;

const latitude = z.number().finite().min(-90).max(90);
const longitude = z.number().finite().min(-180).max(180);

/**
 * `LogRecord`: one GPS log of a device; `speed` in km/h (or an "invalid speed" value), no
 * heading. A record without `id` is one Geotab interpolated at a search's fromDate/toDate.
 */
export const geotabLogRecord = z.object({
  id: z.string().min(1).optional(),
  device: idReference,
  dateTime: geotabDate,
  latitude,
  longitude,
  speed: z.number().optional(),
  isLastActive: z.boolean().nullable().optional(),
});
export type GeotabLogRecord = z.infer<typeof geotabLogRecord>;

/**
 * `DeviceStatusInfo`: a device's live state. `bearing` in whole degrees, -1 when unknown;
 * `dateTime` the latest of its GPS, status and fault data; `currentStateDuration` a TimeSpan.
 */
export const geotabDeviceStatusInfo = z.object({
  device: idReference,
  driver: driverReference.optional(),
  dateTime: geotabDate,
  latitude,
  longitude,
  speed: z.number().finite().optional(),
  bearing: z.number().finite().optional(),
  isDriving: z.boolean().optional(),
  isDeviceCommunicating: z.boolean().optional(),
  currentStateDuration: timeSpan.optional(),
});
export type GeotabDeviceStatusInfo = z.infer<typeof geotabDeviceStatusInfo>;

/**
 * `StatusData`: one reading of a diagnostic, in the Diagnostic's SI unit (meters, seconds,
 * litres, °C, Pa, V, %, rpm). A reading without `id` is one Geotab interpolated at a search's
 * fromDate/toDate (or, asked for one instant, the value then).
 */
export const geotabStatusData = z.object({
  id: z.string().min(1).optional(),
  device: idReference,
  diagnostic: idReference,
  dateTime: geotabDate,
  data: z.number().finite(),
});
export type GeotabStatusData = z.infer<typeof geotabStatusData>;

/**
 * A vehicle's live state as the adapter hands it on: its DeviceStatusInfo and the StatusData
 * Geotab answers for "now" of the diagnostics the snapshot needs (odometer, fuel level,
 * ignition, engine hours), each exactly as sent.
 */
export const geotabLatestLocation = z.object({
  deviceStatusInfo: geotabDeviceStatusInfo,
  statusData: z.array(geotabStatusData),
});
export type GeotabLatestLocation = z.infer<typeof geotabLatestLocation>;

/**
 * One vehicle's UTC day as the adapter hands it on: Geotab has no daily rollup, so the day
 * is the device's Trips that started that day and its total-fuel StatusData readings of that
 * day, each record exactly as Geotab sent it.
 */
export const geotabUtilizationDay = z.object({
  device: idReference,
  date: z.iso.date(),
  trips: z.array(geotabTrip),
  statusData: z.array(geotabStatusData),
});
export type GeotabUtilizationDay = z.infer<typeof geotabUtilizationDay>;

/** `ExceptionEvent`: a rule's violation (harsh braking, speeding…) from `activeFrom` to `activeTo`. */
export const geotabExceptionEvent = z.object({
  id: z.string().min(1),
  device: idReference,
  driver: driverReference.optional(),
  rule: idReference,
  activeFrom: geotabDate,
  activeTo: geotabDate.optional(),
  duration: timeSpan.optional(),
  /** Kilometres. */
  distance: z.number().finite().optional(),
  state: z.string().optional(),
});
export type GeotabExceptionEvent = z.infer<typeof geotabExceptionEvent>;

/** The JSON-RPC error object (HTTP 200): the exception's name is `data.type` (older servers: `errors[0].name`). */
export const rpcError = z.object({
  code: z.number().optional(),
  message: z.string().optional(),
  name: z.string().optional(),
  data: z.object({ type: z.string().optional(), requestIndex: z.number().optional() }).optional(),
  errors: z.array(z.object({ name: z.string().optional(), message: z.string().optional() })).optional(),
});
export type RpcError = z.infer<typeof rpcError>;

export const rpcResponse = z.object({ result: z.unknown().optional(), error: rpcError.optional() });

/** `Authenticate`: the session, and the server to use from now on (`ThisServer` or a host name). */
export const authenticateResult = z.object({
  credentials: z.object({ database: z.string().min(1), userName: z.string().min(1), sessionId: z.string().min(1) }),
  path: z.string().min(1),
});
export type GeotabSessionCredentials = z.infer<typeof authenticateResult>["credentials"];

/** `GetFeed`: records after `fromVersion`, and the version to ask from next time. */
export const feedResult = z.object({ data: z.array(z.unknown()), toVersion: z.string().min(1) });

/** `Get`: a bare array. */
export const listResult = z.array(z.unknown());
