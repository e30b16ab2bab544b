import { z } from "@hono/zod-openapi";

/**
 * The sandbox provider's own API: the JSON it answers, in its own field names and units (US
 * customary, seconds), deliberately unlike the normalized model so that the mappers of models/ have real
 * work to do, as it would for any provider. The schemas type the generator's output and
 * validate payloads in normalize (payloads are untrusted input there).
 */

/** The provider's name, as its errors start. */
export const PROVIDER = "Sandbox";

const isoDateTime = z.iso.datetime({ offset: true });
const nonNegative = z.number().finite().nonnegative();

export const SANDBOX_FUELS = ["diesel", "gasoline", "electric", "hybrid_gasoline", "propane", "hybrid_diesel"] as const;
export type SandboxFuel = (typeof SANDBOX_FUELS)[number];

/** A region (US state) and a number: plates and driving licences. */
const registration = z.object({ region: z.string().min(1), number: z.string().min(1) });

/** `GET /tags`: the sandbox's groups. */
export const sandboxTag = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().optional(),
  parentId: z.string().min(1).optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SandboxTag = z.infer<typeof sandboxTag>;

/** `GET /vehicles`. */
export const sandboxVehicle = z.object({
  id: z.string().min(1),
  vin: z.string().length(17),
  displayName: z.string().min(1),
  make: z.string().min(1),
  model: z.string().min(1),
  modelYear: z.number().int().min(1900).max(2100),
  plate: registration,
  fuel: z.enum(SANDBOX_FUELS),
  /** US miles per gallon; absent for electric vehicles. */
  economyMpg: z.number().finite().positive().optional(),
  /** US gallons; absent for electric vehicles. */
  tankGallons: z.number().finite().positive().optional(),
  tagIds: z.array(z.string().min(1)),
  deviceIds: z.array(z.string().min(1)),
  active: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SandboxVehicle = z.infer<typeof sandboxVehicle>;

/** `GET /drivers`. */
export const sandboxDriver = z.object({
  id: z.string().min(1),
  name: z.object({ first: z.string().min(1), middle: z.string().min(1).optional(), last: z.string().min(1) }),
  email: z.string().min(1),
  phone: z.string().min(1),
  login: z.string().min(1),
  licence: registration,
  tagIds: z.array(z.string().min(1)),
  active: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SandboxDriver = z.infer<typeof sandboxDriver>;

export const SANDBOX_DEVICE_KINDS = ["gateway", "dashcam"] as const;

/** `GET /devices`. A device without `vehicleId` is installed in no vehicle (a spare). */
export const sandboxDevice = z.object({
  id: z.string().min(1),
  kind: z.enum(SANDBOX_DEVICE_KINDS),
  vehicleId: z.string().min(1).optional(),
  serial: z.string().min(1),
  productName: z.string().min(1),
  lastHeardAt: isoDateTime,
  /** When the device was registered (with its vehicle) and when its record last changed. */
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SandboxDevice = z.infer<typeof sandboxDevice>;

/** `GET /utilization/daily`: one vehicle's UTC day. Movement times are null on a day without driving. */
export const sandboxUtilizationDay = z.object({
  vehicleId: z.string().min(1),
  day: z.iso.date(),
  distanceMiles: nonNegative,
  fuelGallons: nonNegative,
  drivingSeconds: nonNegative,
  idlingSeconds: nonNegative,
  firstMovementAt: isoDateTime.nullable(),
  lastMovementAt: isoDateTime.nullable(),
});
export type SandboxUtilizationDay = z.infer<typeof sandboxUtilizationDay>;

/** The sandbox's names for safety behaviours (models/safety-events.ts maps them to the wire-compat types). */
export const SANDBOX_BEHAVIORS = [
  "hardBraking",
  "hardAcceleration",
  "harshCornering",
  "overSpeed",
  "collision",
  "nearCollision",
  "followingDistance",
  "mobileUsage",
  "inattentive",
  "drowsy",
  "smoking",
  "noSeatbelt",
  "stopSignRunning",
  "redLightRunning",
  "laneDeparture",
  "cameraBlocked",
  "eatingDrinking",
  "rollingStop",
  "unsafeParking",
] as const;
export type SandboxBehavior = (typeof SANDBOX_BEHAVIORS)[number];

const point = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** A camera's clip of an event in the listing: `ready` is false while the provider still prepares it. */
const mediaReference = z.object({ id: z.string().min(1), ready: z.boolean() });

/** `GET /safety/events`. Speeds in mph, g-forces in g (X forward, Y sideways), heading in degrees. */
export const sandboxSafetyEvent = z.object({
  id: z.string().min(1),
  behavior: z.enum(SANDBOX_BEHAVIORS),
  vehicleId: z.string().min(1),
  driverId: z.string().min(1).optional(),
  startedAt: isoDateTime,
  endedAt: isoDateTime,
  location: point,
  endLocation: point.optional(),
  maxSpeedMph: nonNegative,
  avgSpeedMph: nonNegative.optional(),
  speedLimitMph: nonNegative.optional(),
  gForceX: z.number().finite(),
  gForceY: z.number().finite(),
  heading: z.number().min(0).max(360),
  media: z.object({ front: mediaReference.optional(), rear: mediaReference.optional() }),
});
export type SandboxSafetyEvent = z.infer<typeof sandboxSafetyEvent>;

const mediaClip = z.object({
  id: z.string().min(1),
  camera: z.enum(["front", "rear"]),
  videoUrl: z.url().optional(),
  imageUrl: z.url().optional(),
  expiresAt: isoDateTime,
});

/** `GET /safety/events/{id}/media`: signed, expiring links to the event's clips. */
export const sandboxEventMedia = z.object({ eventId: z.string().min(1), clips: z.array(mediaClip) });
export type SandboxEventMedia = z.infer<typeof sandboxEventMedia>;
