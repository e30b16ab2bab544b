import { z } from "@hono/zod-openapi";

/**
 * MiX Integrate's entities (providers-more.md section 3, PascalCase [SDK]), validated before
 * they are mapped. Ids are 64-bit: numbers, or strings when too long to read exactly (json.ts).
 * Only the fields mapped are declared; the raw payload keeps the rest.
 */
export const mixId = z.union([z.string().regex(/^-?\d+$/), z.number().int()]).transform(String);
const text = z.string().nullish();
const num = z.number().nullish();

export type MixGroupNode = {
  GroupId: string | number;
  Name?: string | null;
  Type?: string | null;
  SubGroups?: MixGroupNode[] | null;
};
export const mixGroupNode: z.ZodType<MixGroupNode> = z.lazy(() =>
  z.object({ GroupId: mixId, Name: text, Type: text, SubGroups: z.array(mixGroupNode).nullish() }),
) as z.ZodType<MixGroupNode>;

/** A group as stored: the node without its subgroups, and its parent's id (the organisation's children have none). */
export const mixGroupItem = z.object({
  GroupId: mixId,
  Name: z.string().min(1),
  Type: text,
  ParentGroupId: mixId.nullish(),
});

export const mixAsset = z.object({
  AssetId: mixId,
  Description: text,
  RegistrationNumber: text,
  SiteId: mixId.nullish(),
  FleetNumber: text,
  Make: text,
  Model: text,
  Year: z.union([z.string(), z.number()]).nullish(),
  VinNumber: text,
  SerialNumber: text,
  FuelType: text,
  FuelTankCapacity: num,
  UserState: text,
  CreatedDate: text,
  IsConnectedTrailer: z.boolean().nullish(),
});
export type MixAsset = z.infer<typeof mixAsset>;

export const mixDriver = z.object({
  DriverId: mixId,
  SiteId: mixId.nullish(),
  Name: text,
  EmployeeNumber: text,
  MobileNumber: text,
  Email: text,
  IsSystemDriver: z.boolean().nullish(),
});

export const mixPosition = z.object({
  PositionId: mixId.nullish(),
  AssetId: mixId,
  DriverId: mixId.nullish(),
  Timestamp: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  SpeedKilometresPerHour: num,
  Heading: num,
  OdometerKilometres: num,
  FormattedAddress: text,
});
export type MixPosition = z.infer<typeof mixPosition>;

const tripPosition = z.object({ Latitude: z.number(), Longitude: z.number() }).nullish();

export const mixTrip = z.object({
  TripId: mixId,
  AssetId: mixId,
  DriverId: mixId.nullish(),
  TripStart: z.string(),
  TripEnd: z.string().nullish(),
  StartPosition: tripPosition,
  EndPosition: tripPosition,
  DistanceKilometers: num,
});
