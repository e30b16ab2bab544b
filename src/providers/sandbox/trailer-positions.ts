import { KM_PER_MILE } from "../kit/units";
import type { SandboxTrailerLocation } from "./asset-payloads";
import { type City, EAST_CITIES, WEST_CITIES } from "./catalog";
import type { SandboxFleet } from "./fleet";
import type { TrailerProfile } from "./fleet-trailers";
import { hash, Rng, SALT } from "./hash";
import { fromPlane, round } from "./simulation/geo";
import { vehicleStateAt } from "./simulation/state";
import { HOUR_MS, iso, wholeSeconds } from "./time";

/** A parked trailer's tracker wakes up and reports every 4 hours (solar trackers save power). */
const PARKED_REPORT_MS = 4 * HOUR_MS;
/** A lot's spots: 40 to a row, 3.7 m wide, rows 25 m apart (km). */
const SPOTS_PER_ROW = 40;
const SPOT_WIDTH_KM = 0.0037;
const ROW_PITCH_KM = 0.025;

/**
 * Where a trailer's tracker last reported it at the fleet's clock. A hitched trailer is where
 * its tractor is (the tractor's last breadcrumb: simulation/state.ts), so it moves with it;
 * a trailer whose tractor has not driven yet, and every other trailer, stands in a spot of a
 * lot for good: its yard's, or for some a customer's drop lot in another city of the region.
 */
export function trailerLocation(fleet: SandboxFleet, trailer: TrailerProfile): SandboxTrailerLocation {
  const tractor = trailer.tractor;
  const state = tractor && vehicleStateAt(fleet, tractor, fleet.vehicleUntil(tractor));
  if (tractor && state) {
    return {
      trailerId: trailer.id,
      vehicleId: tractor.id,
      time: iso(state.t),
      lat: state.lat,
      lng: state.lng,
      headingDegrees: state.heading,
      speedMph: round(state.speedKph / KM_PER_MILE, 3),
      nearestCity: state.address,
    };
  }
  const rng = new Rng(hash(fleet.seed, SALT.trailerSpot, trailer.record.index));
  const lot = tractor ? yardLot(trailer.yard.city) : parkingLot(trailer, rng);
  const spot = rng.int(0, 4 * SPOTS_PER_ROW - 1);
  const row = Math.floor(spot / SPOTS_PER_ROW);
  const point = fromPlane(lot.origin, (spot % SPOTS_PER_ROW) * SPOT_WIDTH_KM, row * ROW_PITCH_KM);
  return {
    trailerId: trailer.id,
    time: iso(lastParkedReport(fleet, trailer, rng.next())),
    lat: round(point.lat, 5),
    lng: round(point.lng, 5),
    // Rows face each other across their aisles: noses north, then south.
    headingDegrees: row % 2 === 0 ? 0 : 180,
    speedMph: 0,
    nearestCity: `${lot.city.name}, ${lot.city.state}`,
  };
}

type Lot = { city: City; origin: { lat: number; lng: number } };

/** The yard's own lot, where its vehicles start their days (the city's centre on the sandbox's map). */
function yardLot(city: City): Lot {
  return { city, origin: { lat: city.lat, lng: city.lng } };
}

/** Seven parked trailers in ten wait at their yard; the others at a customer's drop lot a few km out of a nearby city. */
function parkingLot(trailer: TrailerProfile, rng: Rng): Lot {
  const { yard } = trailer;
  if (rng.chance(0.7)) return yardLot(yard.city);
  const region = (yard.region === "west" ? WEST_CITIES : EAST_CITIES).filter((city) => city !== yard.city);
  const city = rng.pick(region);
  const bearing = rng.next() * 2 * Math.PI;
  const km = rng.float(2, 12, 3);
  return { city, origin: fromPlane(city, km * Math.sin(bearing), km * Math.cos(bearing)) };
}

/** The tracker's last 4-hourly report at or before the fleet's clock, at the trailer's own phase. */
function lastParkedReport(fleet: SandboxFleet, trailer: TrailerProfile, phaseDraw: number): number {
  const phase = Math.floor(phaseDraw * PARKED_REPORT_MS);
  const sincePhase = (((fleet.asOf - phase) % PARKED_REPORT_MS) + PARKED_REPORT_MS) % PARKED_REPORT_MS;
  return Math.max(trailer.createdAt, wholeSeconds(fleet.asOf - sincePhase));
}
