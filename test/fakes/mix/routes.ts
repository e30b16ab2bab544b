/** The MiX Integrate data routes of the fake (server.ts does auth and faults). */
import type { FakeAccount } from "../accounts.ts";
import { driversAt, GROUPS, vehiclesAt } from "../fleet.ts";
import { breadcrumbsBetween, latestOf, tripsOfDay } from "../series.ts";
import { trailersAt } from "../trailers.ts";
import { errorText, groupIdOf, idsOfBody, mixJson, organisationIdOf, vehicleIdOfAsset } from "./ids.ts";
import {
  renderAsset,
  renderDriver,
  renderGroupTree,
  renderLatest,
  renderPosition,
  renderSystemDriver,
  renderTrailer,
  renderTrip,
} from "./render.ts";

const DAY_MS = 86_400_000;
/** Most positions one `createdsince` call answers, whatever quantity is asked. */
const MAX_QUANTITY = 1000;

/** A list answer: 204 No Content when empty, as MiX answers. */
const list = (items: unknown[], headers: Record<string, string> = {}) =>
  items.length === 0 ? new Response(null, { status: 204, headers }) : mixJson(items, 200, headers);

/** `yyyyMMddHHmmss` or `yyyyMMddHHmmssfff`, UTC. */
function pathTime(value: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})?$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, ms] = match;
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms ?? "000"}Z`);
  return Number.isNaN(time) ? undefined : time;
}

const sinceToken = (ms: number) => new Date(ms).toISOString().replace(/\D/g, "").slice(0, 17);

export async function route(request: Request, url: URL, account: FakeAccount): Promise<Response> {
  const fleet = account.fleet;
  const orgId = organisationIdOf(fleet.seed);
  const now = Date.now();
  const path = url.pathname.replace(/\/+$/, "");
  const get = request.method === "GET";
  const vehicles = vehiclesAt(fleet);
  const groupOf = new Map(GROUPS.map((group) => [groupIdOf(group.id), group.id]));
  if (get && path === "/api/organisationgroups")
    return mixJson([{ GroupId: orgId, Name: account.name, Type: "Organisation", SubGroups: null }]);
  let match = /^\/api\/organisationgroups\/subgroups\/(-?\d+)$/.exec(path);
  if (get && match)
    return match[1] === orgId ? mixJson(renderGroupTree(orgId, account.name)) : errorText(404, "Group not found");
  match = /^\/api\/assets\/group\/(-?\d+)$/.exec(path);
  if (get && match) {
    const group = groupOf.get(match[1]!);
    if (match[1] !== orgId && !group) return errorText(404, "Group not found");
    const within = vehicles.filter(
      (vehicle) =>
        !group || vehicle.groupIds.some((id) => id === group || GROUPS.find((g) => g.id === id)?.parentId === group),
    );
    const drivers = new Map(vehicles.map((vehicle) => [vehicle.id, latestOf(fleet, vehicle.id, now).driverId]));
    return list(within.map((vehicle) => renderAsset(vehicle, drivers.get(vehicle.id))));
  }
  match = /^\/api\/assets\/organisation\/(-?\d+)\/trailers$/.exec(path);
  if (get && match) {
    if (match[1] !== orgId) return errorText(404, "Organisation not found");
    return list(trailersAt(fleet).map(renderTrailer));
  }
  match = /^\/api\/drivers\/organisation\/(-?\d+)$/.exec(path);
  if (get && match) {
    if (match[1] !== orgId) return errorText(404, "Organisation not found");
    return list([renderSystemDriver(orgId), ...driversAt(fleet).map(renderDriver)]);
  }
  if (request.method !== "POST") return errorText(404, "Not Found");
  const body = idsOfBody(await request.text());
  if (!body) return errorText(400, "The request body must be a JSON array of ids.");
  const known = new Set(vehicles.map((vehicle) => vehicle.id));
  const asked = body.map(vehicleIdOfAsset).filter((id): id is string => id !== undefined && known.has(id));
  match = /^\/api\/positions\/assets\/latest\/(\d+)$/.exec(path);
  if (match) {
    const quantity = Number(match[1]);
    return list(
      asked.flatMap((vehicleId) => {
        const latest = latestOf(fleet, vehicleId, now);
        if (quantity <= 1) return [renderLatest(latest)];
        const earlier = breadcrumbsBetween(fleet, vehicleId, now - DAY_MS, latest.time).slice(1 - quantity);
        return [
          ...earlier.map((point) => renderPosition(vehicleId, point, latest.driverId)),
          renderLatest(latest),
        ].reverse();
      }),
    );
  }
  match = /^\/api\/positions\/assets\/from\/(\d+)\/to\/(\d+)$/.exec(path);
  if (match) {
    const from = pathTime(match[1]!);
    const to = pathTime(match[2]!);
    if (from === undefined || to === undefined || to < from) return errorText(400, "Invalid date range.");
    return list(asked.flatMap((vehicleId) => positionsOf(account, vehicleId, from, Math.min(to, now) + 1)));
  }
  match = /^\/api\/positions\/assets\/createdsince\/sincetoken\/(\d+)\/quantity\/(\d+)$/.exec(path);
  if (match) {
    const since = pathTime(match[1]!);
    if (since === undefined) return errorText(400, "Invalid since token.");
    const quantity = Math.min(MAX_QUANTITY, Math.max(1, Number(match[2])));
    const all = asked
      .flatMap((vehicleId) => positionsOf(account, vehicleId, since + 1, now + 1).map((item) => ({ item, vehicleId })))
      .sort(
        (a, b) =>
          Date.parse(String(a.item.Timestamp)) - Date.parse(String(b.item.Timestamp)) ||
          a.vehicleId.localeCompare(b.vehicleId),
      );
    const page = all.slice(0, quantity);
    const last = page.at(-1);
    return list(
      page.map(({ item }) => item),
      {
        HasMoreItems: String(all.length > quantity),
        GetSinceToken: last ? sinceToken(Date.parse(String(last.item.Timestamp))) : match[1]!,
      },
    );
  }
  match = /^\/api\/trips\/groups\/from\/(\d+)\/to\/(\d+)\/entitytype\/(Asset|Driver)$/.exec(path);
  if (match) {
    const from = pathTime(match[1]!);
    const to = pathTime(match[2]!);
    if (from === undefined || to === undefined || to < from) return errorText(400, "Invalid date range.");
    if (!body.includes(orgId)) return list([]);
    const trips = vehicles.flatMap((vehicle) => {
      const days = [];
      for (let day = Math.floor(from / DAY_MS); day * DAY_MS <= to; day++)
        days.push(...tripsOfDay(fleet, vehicle.id, day));
      return days.filter((trip) => trip.startedAt >= from && trip.startedAt <= to && trip.endedAt <= now);
    });
    return list(trips.map(renderTrip));
  }
  return errorText(404, "Not Found");
}

/** A vehicle's positions of [from, to), its trip's driver on each. */
function positionsOf(account: FakeAccount, vehicleId: string, from: number, to: number) {
  const fleet = account.fleet;
  const items = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    for (const trip of tripsOfDay(fleet, vehicleId, day)) {
      for (const point of trip.points) {
        if (point.time >= from && point.time < to) items.push(renderPosition(vehicleId, point, trip.driverId));
      }
    }
  }
  return items;
}
