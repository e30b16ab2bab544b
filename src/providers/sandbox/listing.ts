import type { SyncModel } from "../../model/normalized";
import { clampPageSize } from "../kit/page-size";
import type { TimeWindow } from "../kit/windows";
import type { ProviderPage, ReadRequest } from "../types";
import { openSandbox } from "./connection-fleet";
import { decodeSandboxCursor, encodeSandboxCursor, malformedCursor } from "./cursor";
import type { SandboxFleet } from "./fleet";
import type { VehicleProfile } from "./fleet-vehicles";
import { issuesFor } from "./issues";
import { DAY_MS, dayOf } from "./time";

/**
 * The sandbox's page size limits: entity lists, windowed rows (utilization days, safety events),
 * and vehicle-days of time series (a vehicle-day holds about a thousand breadcrumbs or stat readings).
 */
export const ENTITY_PAGE_LIMIT = 200;
export const ROW_PAGE_LIMIT = 500;
export const SERIES_PAGE_LIMIT = 8;
/** No record is older than this before the connection (see SandboxFleet.creationTime). */
const HISTORY_DAYS = 2100;
/** A cell holds a few records (a vehicle's devices, a day's events or trips); offsets beyond this are forged. */
const MAX_CELL_OFFSET = 64;

/**
 * A listing of the sandbox's API as a sequence of cells computed one at a time: a slot of the
 * fleet, or a (day, slot) of a window, day-major. A page walks cells from the cursor, so its
 * cost depends on the page size, never on the size of the fleet or of the window.
 */
export type Listing = { schema: string; limit: number; cells: number; itemsOf: (cell: number) => unknown[] };

/**
 * The page reader of a model whose listing `listingOf` describes. A cursor keeps the revision
 * of the listing's first page: one snapshot per listing.
 */
export function sandboxListing(
  model: SyncModel,
  listingOf: (fleet: SandboxFleet, window: TimeWindow | undefined) => Listing,
): (request: ReadRequest) => Promise<ProviderPage> {
  return async (request: ReadRequest): Promise<ProviderPage> => {
    const { options, fleetAt } = openSandbox(request);
    const cursor = request.cursor === undefined ? undefined : decodeSandboxCursor(request.cursor, model);
    const fleet = fleetAt(cursor?.revision);
    const listing = listingOf(fleet, request.window);
    const { items, next } = pageOfListing(listing, cursor, clampPageSize(request.pageSize, listing.limit));
    const issues = cursor ? [] : issuesFor(model, options.issues);
    return {
      items,
      schema: listing.schema,
      ...(next ? { nextCursor: encodeSandboxCursor({ model, revision: fleet.revision, ...next }) } : {}),
      ...(issues.length > 0 ? { issues } : {}),
    };
  };
}

/** Where a page of a listing starts: a cell and an offset within it. */
export type ListingPosition = { cell: number; offset: number };

/**
 * One page of a listing from a position (the start when absent), and where the next page starts
 * (absent on the last). Throws ProviderError("malformed") for a position outside the listing.
 */
export function pageOfListing(
  listing: Listing,
  position: ListingPosition | undefined,
  pageSize: number,
): { items: unknown[]; next?: ListingPosition } {
  if (position && (position.cell >= listing.cells || position.offset > MAX_CELL_OFFSET)) throw malformedCursor();
  const items: unknown[] = [];
  let cell = position?.cell ?? 0;
  let offset = position?.offset ?? 0;
  // Bounds the walk when cells are sparse (empty slots, days without events): a short page, not a long one.
  let budget = pageSize * 4 + 64;
  let next: ListingPosition | undefined;
  while (cell < listing.cells && budget-- > 0) {
    const cellItems = listing.itemsOf(cell);
    const taken = cellItems.slice(offset, offset + pageSize - items.length);
    items.push(...taken);
    offset += taken.length;
    if (offset < cellItems.length) {
      next = { cell, offset };
      break;
    }
    cell++;
    offset = 0;
    if (items.length >= pageSize) break;
  }
  if (!next && cell < listing.cells) next = { cell, offset: 0 };
  return { items, ...(next ? { next } : {}) };
}

/** The listing of an entity: one cell per slot (of the fleet's tags, vehicles or drivers). */
export function entityListing(schema: string, cells: number, itemsOf: (cell: number) => unknown[]): Listing {
  return { schema, limit: ENTITY_PAGE_LIMIT, cells, itemsOf };
}

/**
 * The listing of a windowed model: a cell per (day, vehicle slot) over every UTC day that
 * overlaps the window, up to the fleet's clock; `itemsOf` gets each present vehicle's day.
 */
export function windowListing(
  schema: string,
  fleet: SandboxFleet,
  window: TimeWindow,
  itemsOf: (vehicle: VehicleProfile, day: number) => unknown[],
  limit: number = ROW_PAGE_LIMIT,
): Listing {
  const vehicleSlots = fleet.vehicles.slots;
  const days = dayRange(fleet, window.start.getTime(), Math.min(window.end.getTime(), fleet.asOf));
  return {
    schema,
    limit,
    cells: days.count * vehicleSlots,
    itemsOf: (cell) => {
      const vehicle = fleet.presentVehicle(cell % vehicleSlots);
      const day = days.first + Math.floor(cell / vehicleSlots);
      return vehicle ? itemsOf(vehicle, day) : [];
    },
  };
}

/** The UTC days overlapping [from, to), from the oldest record of the fleet on. */
function dayRange(fleet: SandboxFleet, from: number, to: number): { first: number; count: number } {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return { first: 0, count: 0 };
  const first = Math.max(dayOf(from), dayOf(fleet.spec.connectionCreatedAt.getTime() - HISTORY_DAYS * DAY_MS));
  return { first, count: Math.max(0, dayOf(to - 1) - first + 1) };
}

/** A cell's one record, or none (an empty slot). */
export function present<T>(item: T | undefined): T[] {
  return item === undefined ? [] : [item];
}
