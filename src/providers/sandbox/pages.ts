import type { IssueCode, SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import type { ProviderPage } from "../types";
import { safetyEventsOfDay, utilizationDay } from "./activity";
import { encodeSandboxCursor, malformedCursor, type SandboxCursor } from "./cursor";
import type { SandboxFleet } from "./fleet";
import { issuesFor } from "./issues";
import { DAY_MS, dayOf } from "./time";

/** The sandbox's page size limits: entity lists, and windowed rows (utilization days, safety events). */
export const ENTITY_PAGE_LIMIT = 200;
export const ROW_PAGE_LIMIT = 500;
/** No record is older than this before the connection (see SandboxFleet.creationTime). */
const HISTORY_DAYS = 2100;
/** A cell holds at most two records (a vehicle's devices, a day's events); offsets beyond are forged. */
const MAX_CELL_OFFSET = 16;

/**
 * A listing of the sandbox's API as a sequence of cells computed one at a time: a slot of the
 * fleet, or a (day, slot) of a window, day-major. A page walks cells from the cursor, so its
 * cost depends on the page size, never on the size of the fleet or of the window.
 */
type Listing = { schema: string; limit: number; cells: number; itemsOf: (cell: number) => unknown[] };

export type PageInput = {
  pageSize: number;
  window?: { start: Date; end: Date };
  cursor?: SandboxCursor;
  issues: readonly IssueCode[];
};

export function readSandboxPage(fleet: SandboxFleet, model: SyncModel, input: PageInput): ProviderPage {
  const listing = listingOf(fleet, model, input.window);
  const { cursor } = input;
  if (cursor && (cursor.cell >= listing.cells || cursor.offset > MAX_CELL_OFFSET)) throw malformedCursor();
  const pageSize = clampPageSize(input.pageSize, listing.limit);
  const items: unknown[] = [];
  let cell = cursor?.cell ?? 0;
  let offset = cursor?.offset ?? 0;
  // Bounds the walk when cells are sparse (empty slots, days without events): a short page, not a long one.
  let budget = pageSize * 4 + 64;
  let next: { cell: number; offset: number } | undefined;
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
  const issues = cursor ? [] : issuesFor(model, input.issues);
  return {
    items,
    schema: listing.schema,
    ...(next ? { nextCursor: encodeSandboxCursor({ model, revision: fleet.revision, ...next }) } : {}),
    ...(issues.length > 0 ? { issues } : {}),
  };
}

function listingOf(fleet: SandboxFleet, model: SyncModel, window: PageInput["window"]): Listing {
  const vehicleSlots = fleet.vehicles.slots;
  switch (model) {
    case "groups":
      return {
        schema: "sandbox.tags.list",
        limit: ENTITY_PAGE_LIMIT,
        cells: fleet.tags.length,
        itemsOf: (cell) => [fleet.tags[cell]],
      };
    case "vehicles":
      return {
        schema: "sandbox.vehicles.list",
        limit: ENTITY_PAGE_LIMIT,
        cells: vehicleSlots,
        itemsOf: (slot) => present(fleet.vehicleInSlot(slot)),
      };
    case "drivers":
      return {
        schema: "sandbox.drivers.list",
        limit: ENTITY_PAGE_LIMIT,
        cells: fleet.drivers.slots,
        itemsOf: (slot) => present(fleet.driverInSlot(slot)),
      };
    case "devices":
      return {
        schema: "sandbox.devices.list",
        limit: ENTITY_PAGE_LIMIT,
        cells: vehicleSlots,
        itemsOf: (slot) => fleet.devicesInSlot(slot),
      };
    case "vehicleUtilization": {
      // Every UTC day that overlaps the window, up to the fleet's clock.
      const { start, end } = requireWindow(model, window);
      const days = dayRange(fleet, start.getTime(), Math.min(end.getTime(), fleet.asOf));
      return {
        schema: "sandbox.utilization.daily",
        limit: ROW_PAGE_LIMIT,
        cells: days.count * vehicleSlots,
        itemsOf: (cell) => {
          const vehicle = fleet.presentVehicle(cell % vehicleSlots);
          const day = days.first + Math.floor(cell / vehicleSlots);
          return vehicle ? present(utilizationDay(fleet, vehicle, day, fleet.asOf)) : [];
        },
      };
    }
    case "safetyEvents": {
      // Events that started in the window, on the days it covers.
      const { start, end } = requireWindow(model, window);
      const [from, to] = [start.getTime(), end.getTime()];
      const days = dayRange(fleet, from, Math.min(to, fleet.asOf));
      return {
        schema: "sandbox.safety_events.list",
        limit: ROW_PAGE_LIMIT,
        cells: days.count * vehicleSlots,
        itemsOf: (cell) => {
          const vehicle = fleet.presentVehicle(cell % vehicleSlots);
          const day = days.first + Math.floor(cell / vehicleSlots);
          if (!vehicle) return [];
          return safetyEventsOfDay(fleet, vehicle, day, fleet.asOf).filter((event) => {
            const startedAt = Date.parse(event.startedAt);
            return startedAt >= from && startedAt < to;
          });
        },
      };
    }
    default:
      throw new ProviderError("not_supported", `Sandbox: no listing of ${String(model)}.`);
  }
}

/** The UTC days overlapping [from, to), from the oldest record of the fleet on. */
function dayRange(fleet: SandboxFleet, from: number, to: number): { first: number; count: number } {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return { first: 0, count: 0 };
  const first = Math.max(dayOf(from), dayOf(fleet.spec.connectionCreatedAt.getTime() - HISTORY_DAYS * DAY_MS));
  return { first, count: Math.max(0, dayOf(to - 1) - first + 1) };
}

function requireWindow(model: SyncModel, window: PageInput["window"]): { start: Date; end: Date } {
  if (!window) throw new ProviderError("malformed", `Sandbox: ${model} are read by time window; none was given.`);
  return window;
}

function clampPageSize(requested: number, limit: number): number {
  return Number.isFinite(requested) && requested >= 1 ? Math.min(Math.floor(requested), limit) : limit;
}

function present<T>(item: T | undefined): T[] {
  return item === undefined ? [] : [item];
}
