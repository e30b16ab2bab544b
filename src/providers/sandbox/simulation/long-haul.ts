import { hash, Rng, SALT } from "../hash";
import { type VehicleTraits, vehicleMemoKey } from "./budget";
import type { DayRoute, StopKind } from "./day-route";
import { PLACES, placeIndexOf } from "./places";
import { type Polyline, pointAlong, type RoutePoint } from "./polyline";
import { roadGraph } from "./roads";
import { roadKm, routeLine } from "./route";

/**
 * A long-haul truck's work: a closed circuit of runs out of its yard, driven over and over. A
 * run goes to a city 350–1,300 km away by road, sometimes on to a neighbour of it, and home.
 * Where the truck is on any morning is the circuit's point at (phase + km driven in its life)
 * modulo the circuit's length, which the odometer already knows: no day needs the days before it,
 * and each day starts exactly where the last working day ended.
 */
type Circuit = {
  legs: readonly { startKm: number; line: Polyline }[];
  length: number;
  phaseKm: number;
};

const RUNS = 3;
const MEMO_VEHICLES = 4096;

const circuits = new Map<string, Circuit>();

/** The truck's road for a day that starts `lifetimeKm` into its life and drives `km`. */
export function longHaulRoute(seed: number, traits: VehicleTraits, lifetimeKm: number, km: number): DayRoute {
  const circuit = circuitOf(seed, traits);
  const start = circuit.phaseKm + lifetimeKm;
  const stops: { km: number; kind: StopKind }[] = [];
  const lapStart = Math.floor(start / circuit.length) * circuit.length;
  for (let lap = lapStart; lap < start + km; lap += circuit.length) {
    for (const leg of circuit.legs) {
      const at = lap + leg.startKm - start;
      if (at > 0 && at < km) stops.push({ km: at, kind: "delivery" });
    }
  }
  return { length: km, at: (distance) => circuitPoint(circuit, start + distance), stops };
}

function circuitPoint(circuit: Circuit, distance: number): RoutePoint {
  const u = distance - Math.floor(distance / circuit.length) * circuit.length;
  let leg = circuit.legs[0]!;
  for (const candidate of circuit.legs) if (candidate.startKm <= u) leg = candidate;
  return pointAlong(leg.line, u - leg.startKm);
}

function circuitOf(seed: number, traits: VehicleTraits): Circuit {
  const key = vehicleMemoKey(seed, traits.vehicle);
  const known = circuits.get(key);
  if (known) return known;
  const rng = new Rng(hash(seed, SALT.circuit, traits.vehicle.record.index));
  const yard = placeIndexOf(traits.vehicle.yard.city);
  const destinations = PLACES.map((_, index) => index).filter((index) => {
    const km = roadKm(yard, index);
    return km >= 350 && km <= 1300;
  });
  const { exits } = roadGraph();
  const stops: number[] = [yard];
  for (let run = 0; run < RUNS; run++) {
    const far = rng.pick(destinations);
    stops.push(far);
    const onward = exits[far]!.map((exit) => exit.to).filter((to) => to !== yard);
    if (onward.length > 0 && rng.chance(0.6)) stops.push(rng.pick(onward));
    stops.push(yard);
  }
  const legs: { startKm: number; line: Polyline }[] = [];
  let length = 0;
  for (let i = 1; i < stops.length; i++) {
    const line = routeLine(stops[i - 1]!, stops[i]!);
    legs.push({ startKm: length, line });
    length += line.length;
  }
  const circuit = { legs, length, phaseKm: rng.next() * length };
  if (circuits.size >= MEMO_VEHICLES) circuits.delete(circuits.keys().next().value!);
  circuits.set(key, circuit);
  return circuit;
}
