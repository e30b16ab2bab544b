/** Trailers, their latest locations and fault code events written straight into a connection's shard, for the API's tests. */
import { faultCodeEvents } from "../../src/families/fault-code-events/table";
import { latestTrailerLocations } from "../../src/families/latest-trailer-locations/table";
import { trailers } from "../../src/families/trailers/table";
import { newId } from "../../src/lib/ids";
import { dataDb } from "./factories";
import { type RecordOwner, rawEntry } from "./records-factories";

const suffix = () => crypto.randomUUID().slice(0, 8);

const synced = (owner: RecordOwner, kind: "trailer" | "faultCodeEvent", schema: string) => {
  const now = new Date("2026-01-05T10:00:00.000Z");
  return {
    ...owner,
    id: newId(kind),
    provider: "sandbox",
    sourceId: `${kind}-${suffix()}`,
    visibility: "visible" as const,
    addedAt: now,
    modifiedAt: now,
    deletedAt: null,
    contentHash: suffix(),
    raw: rawEntry(schema),
    lastSyncId: null,
  };
};

type TrailerRow = typeof trailers.$inferInsert;
type FaultRow = typeof faultCodeEvents.$inferInsert;

export async function insertTrailer(owner: RecordOwner, overrides: Partial<TrailerRow> = {}) {
  const row = {
    ...synced(owner, "trailer", "fleet/trailers"),
    status: "active" as const,
    name: null,
    vin: null,
    serialNumber: null,
    make: null,
    model: null,
    year: null,
    licensePlate: null,
    groupIds: [],
    vehicleId: null,
    sourceCreatedAt: null,
    sourceUpdatedAt: null,
    ...overrides,
  } satisfies TrailerRow;
  await (await dataDb(owner.connectionId)).insert(trailers).values(row);
  return row;
}

export async function insertTrailerLocation(
  owner: RecordOwner,
  trailer: { id: string },
  overrides: Partial<typeof latestTrailerLocations.$inferInsert> = {},
) {
  const now = new Date();
  const row = {
    connectionId: owner.connectionId,
    trailerId: trailer.id,
    provider: "sandbox",
    locatedAt: new Date("2026-01-05T09:30:00.000Z"),
    latitude: 34.05223,
    longitude: -118.24368,
    address: null,
    heading: null,
    speed: null,
    addedAt: now,
    modifiedAt: now,
    contentHash: suffix(),
    raw: rawEntry("fleet/trailers/stats"),
    ...overrides,
  };
  await (await dataDb(owner.connectionId)).insert(latestTrailerLocations).values(row);
  return row;
}

export async function insertFaultCodeEvent(
  owner: RecordOwner,
  vehicle: { id: string },
  overrides: Partial<FaultRow> = {},
) {
  const row = {
    ...synced(owner, "faultCodeEvent", "fleet/vehicles/stats/history"),
    vehicleId: vehicle.id,
    faultKey: "obdii:P0171::",
    status: "open" as const,
    protocol: "obdii" as const,
    code: "P0171",
    description: "System Too Lean (Bank 1)",
    firstObservedAt: new Date("2026-01-05T08:00:00.000Z"),
    observedAt: new Date("2026-01-05T09:00:00.000Z"),
    milStatus: null,
    j1939: null,
    ...overrides,
  } satisfies FaultRow;
  await (await dataDb(owner.connectionId)).insert(faultCodeEvents).values(row);
  return row;
}
