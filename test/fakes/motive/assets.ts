/**
 * The fake Motive API's asset and fault-code routes (providers-families.md 2.6, 2.7 and the
 * fidelity checklist of section 5), serving the canonical trailers (../trailers.ts) and faults
 * (../faults.ts) as of the time of the request:
 * - `GET /v1/assets`: the trailers as assets, paged `assets[].asset`, `status` active or
 *   deactivated, `year` as text, no groups and no vehicle (Motive documents neither); `status` and
 *   `name` filter them;
 * - `GET /v1/asset_locations`: every asset with its `current_location` now, paged
 *   `assets[].asset`. Motive documents the listing's `current_location { id, lat, lon,
 *   description, located_at }` and the asset's `metric_units`; `bearing` and `speed` are assumed
 *   from its asset breadcrumbs, `speed` in km/h when `X-Metric-Units: true` asks for metric units
 *   (`metric_units` echoes it), else in mph;
 * - `GET /v1/fault_codes?start_date&end_date`: one `fault_codes[].fault_code` per canonical fault
 *   whose life meets those UTC days (inclusive), as it is now: `open` (a pending OBD-II code too:
 *   Motive has no pending state) or `closed`, `first_observed_at` when it opened and
 *   `last_observed_at` when it cleared (now while open); `network` obdii or j1939, J1939's `fmi`
 *   and `source_address` as text. `vehicle_ids[]` and `status` filter them. Both dates are
 *   required here (a 400 otherwise), an assumption: integrators always send them. Paging in the
 *   documented `pagination` block, as everywhere else.
 */
import { type CanonicalFault, faultStatusAt, faultsBetween } from "../faults.ts";
import { devicesAt, vehiclesAt } from "../fleet.ts";
import { type CanonicalTrailer, trailerLocationOf, trailersAt } from "../trailers.ts";
import { KM_PER_MILE, locationPointId, motiveIds, vehicleIsMetric } from "./ids.ts";
import { motiveTime, renderEldDevice, vehicleReference } from "./render.ts";
import { describePlace } from "./render-series.ts";
import { type Context, dateRange, dayStart, idsParam, type Json, nextDay, page } from "./respond.ts";

const indexOf = (trailer: CanonicalTrailer) => Number(trailer.id.slice(4));
const isoOf = (ms: number) => motiveTime(new Date(ms).toISOString());

/** Motive's integer id of a canonical trailer `trl-N`. */
export const motiveAssetId = (trailerId: string) => 310_000 + Number(trailerId.slice(4));

/** A fault's id: its vehicle's number and its day (one canonical fault per vehicle and day), as for events. */
export function motiveFaultId(fault: Pick<CanonicalFault, "id">): number {
  const match = /^flt-veh-(\d+)-(\d{4})-(\d{2})-(\d{2})$/.exec(fault.id);
  if (!match) throw new Error(`not a canonical fault id: ${fault.id}`);
  const [, vehicle, year, month, day] = match;
  return Number(vehicle) * 100_000_000 + Number(`${year}${month}${day}`);
}

const ASSET_TYPES = ["dry_box", "reefer", "flatbed", "dry_box"];

function renderAsset(trailer: CanonicalTrailer): Json {
  const index = indexOf(trailer);
  return {
    id: motiveAssetId(trailer.id),
    name: trailer.name,
    status: trailer.active ? "active" : "deactivated",
    type: ASSET_TYPES[index % ASSET_TYPES.length],
    custom_type: null,
    vin: trailer.vin,
    license_plate_state: trailer.plate.state,
    license_plate_number: trailer.plate.number,
    make: trailer.make,
    model: trailer.model,
    year: String(trailer.year),
    axle: 2,
    weight_metric_units: false,
    length_metric_units: false,
    leased: false,
    notes: null,
    length: 53,
    gvwr: null,
    gawr: null,
    asset_gateway: { id: 20_000 + index, identifier: `AG${String(700_000 + index)}`, active: true },
    external_ids: [],
  };
}

/** `GET /v1/assets`. */
export function assets(context: Context): Response {
  const status = context.url.searchParams.get("status");
  const name = context.url.searchParams.get("name");
  const all = trailersAt(context.account.fleet)
    .map(renderAsset)
    .filter((asset) => (!status || asset.status === status) && (!name || asset.name === name));
  return page(context.url, "assets", "asset", all);
}

/** `GET /v1/asset_locations`. */
export function assetLocations(context: Context): Response {
  const { account, metric, now } = context;
  const all = trailersAt(account.fleet).map((trailer) => {
    const location = trailerLocationOf(account.fleet, trailer, now);
    const { id, name, type, make, model, year, status } = renderAsset(trailer);
    return {
      id,
      name,
      type,
      make,
      model,
      year,
      status,
      metric_units: metric,
      current_location: {
        id: locationPointId(trailer.id, location.time),
        lat: location.latitude,
        lon: location.longitude,
        bearing: location.heading,
        speed: metric ? location.speedKmh : location.speedKmh / KM_PER_MILE,
        description: describePlace(`veh-${indexOf(trailer)}`, location.latitude, location.longitude),
        located_at: isoOf(location.time),
      },
    };
  });
  return page(context.url, "assets", "asset", all);
}

/** The J1939 source addresses of the canonical faults, named as Motive labels them. */
const SOURCE_ADDRESS_LABELS: Readonly<Record<number, string>> = { 0: "Engine", 61: "Exhaust Emission Controller" };

/** `GET /v1/fault_codes`. */
export function faultCodes(context: Context): Response {
  const range = dateRange(context.url);
  if (range instanceof Response) return range;
  const { account, url, now } = context;
  const vehicleIds = idsParam(url, "vehicle_ids");
  const status = url.searchParams.get("status");
  const vehicles = new Map(vehiclesAt(account.fleet).map((vehicle) => [vehicle.id, vehicle]));
  const trackers = new Map(
    devicesAt(account.fleet)
      .filter((device) => device.type === "tracker")
      .map((device) => [device.vehicleId, device]),
  );
  const to = Math.min(dayStart(nextDay(range.to)), now + 1);
  const all = faultsBetween(account.fleet, dayStart(range.from), to, now)
    .filter((fault) => vehicles.has(fault.vehicleId))
    .filter((fault) => !vehicleIds || vehicleIds.has(motiveIds.vehicle(fault.vehicleId)))
    .map((fault) => {
      const vehicle = vehicles.get(fault.vehicleId)!;
      const tracker = trackers.get(fault.vehicleId);
      const j1939 = fault.j1939;
      const sourceAddress = j1939?.sourceAddress ?? 0;
      return {
        id: motiveFaultId(fault),
        code: fault.code,
        code_label: fault.code,
        code_description: fault.description,
        source_address_label: SOURCE_ADDRESS_LABELS[sourceAddress] ?? null,
        source_address: String(sourceAddress),
        source_address_name: null,
        // Motive has no pending state: a pending (unconfirmed) OBD-II code is open.
        status: faultStatusAt(fault, now) === "closed" ? "closed" : "open",
        type: fault.occurrenceCount > 1 ? "intermittent" : "constant",
        fmi: j1939 ? String(j1939.fmi) : null,
        fmi_description: j1939 ? j1939.fmiDescription : null,
        occurrence_count: j1939 ? fault.occurrenceCount : null,
        num_observations: fault.occurrenceCount * 12,
        sum_num_observations: fault.occurrenceCount * 40,
        is_sid: false,
        dtc_status: null,
        dtc_severity: null,
        functional_grp_id: null,
        ftb: null,
        network: fault.protocol,
        first_observed_at: isoOf(fault.openedAt),
        last_observed_at: isoOf(fault.closedAt ?? now),
        eld_device: tracker ? renderEldDevice(tracker) : null,
        vehicle: vehicleReference(vehicle, vehicleIsMetric(vehicle.id)),
      };
    })
    .filter((fault) => !status || fault.status === status);
  return page(url, "fault_codes", "fault_code", all);
}
