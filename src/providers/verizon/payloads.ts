import { z } from "@hono/zod-openapi";

/**
 * Verizon Connect payloads as on the wire (providers-more.md 1.3): PascalCase, nullable almost
 * everywhere, dates in UTC without a zone. Unknown fields pass through (the raw payload is kept
 * whole); only what the mappers read is checked.
 */

const text = z.string().nullish();
const number = z.number().nullish();

export const verizonVehicle = z.looseObject({
  Name: text,
  VehicleNumber: z.string().min(1),
  RegistrationNumber: text,
  VIN: text,
  Make: text,
  Model: text,
  Year: z.number().int().nullish(),
  TankCapacity: number,
  HighwayMPG: number,
  CityMPG: number,
  FuelType: z.number().int().nullish(),
  VehicleSize: z.number().int().nullish(),
  HasNavigationDevice: z.boolean().nullish(),
  HasTachograph: z.boolean().nullish(),
  VehicleId: z.number().int().nullish(),
});
export type VerizonVehicle = z.infer<typeof verizonVehicle>;

export const verizonDriver = z.looseObject({
  CreatedDateUTC: text,
  DriverNumber: z.string().min(1),
  EmailAddress: text,
  FirstName: text,
  LastName: text,
  EnableMobileAccess: z.boolean().nullish(),
  PhoneNumber: text,
  UserApiInsteadOfSts: z.boolean().nullish(),
});

/** A drivers listing's element: the driver wrapped beside its links. */
export const verizonDriverItem = z.looseObject({ Driver: verizonDriver, Links: z.unknown().optional() });

export const verizonAddress = z.looseObject({
  AddressLine1: text,
  AddressLine2: text,
  Locality: text,
  AdministrativeArea: text,
  PostalCode: text,
  Country: text,
});
export type VerizonAddress = z.infer<typeof verizonAddress>;

/** `/rad/v1/vehicles/{n}/location`, the `Value` of the bulk read: note `UpdateUTC`. */
export const verizonLocation = z.looseObject({
  Address: verizonAddress.nullish(),
  Latitude: number,
  Longitude: number,
  DeltaDistance: number,
  DeltaTime: number,
  DisplayState: text,
  Direction: number,
  Heading: text,
  DriverNumber: text,
  GeoFenceName: text,
  Speed: number,
  UpdateUTC: z.string(),
  IsPrivate: z.boolean().nullish(),
});

/** One element of `POST /rad/v1/vehicles/locations`: the vehicle's own status and its location. */
export const verizonBulkLocation = z.looseObject({
  VehicleNumber: z.string().min(1),
  StatusCode: z.number().int(),
  ContentResource: z
    .looseObject({ Value: verizonLocation.nullish(), StatusCode: z.number().int().nullish() })
    .nullish(),
});

/** A point of `/rad/v1/vehicles/{n}/status/history`: note `UpdateUtc`, not `UpdateUTC`. */
export const verizonHistoryPoint = z.looseObject({
  VehicleNumber: text,
  UpdateUtc: z.string(),
  OdometerInKM: number,
  IsPrivate: z.boolean().nullish(),
  DriverNumber: text,
  Latitude: number,
  Longitude: number,
  Speed: number,
  Address: z.union([verizonAddress, z.string()]).nullish(),
});

const segmentLocation = verizonAddress.extend({ Latitude: number, Longitude: number });

export const verizonSegment = z.looseObject({
  StartDateUtc: z.string(),
  StartLocation: segmentLocation.nullish(),
  StartLocationIsPrivate: z.boolean().nullish(),
  EndDateUtc: text,
  EndLocation: segmentLocation.nullish(),
  EndLocationIsPrivate: z.boolean().nullish(),
  IsComplete: z.boolean(),
  DistanceKilometers: number,
});

/** A segments answer's element: the segments of one driver (or vehicle) on the asked vehicle. */
export const verizonSegmentGroup = z.looseObject({
  Driver: z.looseObject({ FirstName: text, LastName: text, Number: text }).nullish(),
  Vehicle: z.looseObject({ Name: text, Number: text }).nullish(),
  Segments: z.array(z.unknown()),
});

/** `/rad/v1/vehicles/{n}/getdtchistorybyvehiclenumber`: a vehicle's trouble codes, each with its last state. */
export const verizonDtc = z.looseObject({
  DTC: z.string().min(1),
  IsActive: z.boolean(),
  LastUpdatedDateTime: z.string(),
});
export const verizonDtcHistory = z.looseObject({
  VehicleNumber: text,
  VehicleName: text,
  DTCs: z.array(z.unknown()).nullish(),
});
