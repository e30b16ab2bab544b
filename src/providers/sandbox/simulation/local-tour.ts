import type { VehicleClass } from "../catalog";
import { hash, Rng, SALT } from "../hash";
import { bendPoints, type PlanePoint } from "./bends";
import type { VehicleTraits } from "./budget";
import type { DayRoute } from "./day-route";
import { fromPlane } from "./geo";
import { placeIndexOf } from "./places";
import { pointAlong, polyline, type Vertex } from "./polyline";

/** Deliveries or service calls a day, by class of local vehicle. */
const STOPS: Readonly<Record<Exclude<VehicleClass, "heavy">, readonly [number, number]>> = {
  van: [4, 9],
  medium: [3, 6],
  bus: [3, 6],
  pickup: [2, 5],
  car: [2, 4],
};
/** Bends in a local road between two stops. */
const BENDS = 5;
/** The shortest leg between two stops, as a share of the tour's radius. */
const MIN_LEG = 0.12;

/**
 * A local vehicle's day: out of its yard, round a few stops in one part of town (5–60 km out),
 * and back. The stops are drawn as a shape, and the shape is scaled so the loop, along its
 * bowed local roads, is exactly the day's budgeted km. Built in a plane around the yard, whose
 * lengths scale exactly; breadcrumbs measured on the globe agree to well under a percent.
 */
export function localRoute(seed: number, traits: VehicleTraits, day: number, km: number): DayRoute {
  const { vehicle } = traits;
  const rng = new Rng(hash(seed, SALT.tour, vehicle.record.index, day));
  const range = STOPS[vehicle.spec.vehicleClass as keyof typeof STOPS] ?? STOPS.van;
  const count = Math.max(1, Math.min(rng.int(range[0], range[1]), Math.floor(km / 6)));
  // The day's part of town: a sector around the yard, visited in order of bearing.
  const centre = rng.next() * 2 * Math.PI;
  const width = rng.float(1.2, 4.5, 3);
  const angles = Array.from({ length: count }, () => centre + (rng.next() - 0.5) * width).sort((a, b) => a - b);
  const yard = { x: 0, y: 0 };
  const stops: PlanePoint[] = [];
  for (const angle of angles) {
    let radius = rng.float(0.25, 1, 3);
    // Two stops next door to each other are one stop: move the second further out.
    const previous = stops.at(-1) ?? yard;
    const at = () => ({ x: radius * Math.sin(angle), y: radius * Math.cos(angle) });
    while (Math.hypot(at().x - previous.x, at().y - previous.y) < MIN_LEG) radius += MIN_LEG;
    stops.push(at());
  }
  const corners = [yard, ...stops, yard];
  const shape: PlanePoint[] = [yard];
  const stopIndexes: number[] = [];
  for (let i = 1; i < corners.length; i++) {
    const bulge = (rng.chance(0.5) ? 1 : -1) * rng.float(0.1, 0.25, 3);
    shape.push(...bendPoints(corners[i - 1]!, corners[i]!, BENDS, bulge, rng), corners[i]!);
    if (i < corners.length - 1) stopIndexes.push(shape.length - 1);
  }
  const unitLengths = shape.slice(1).map((point, i) => Math.hypot(point.x - shape[i]!.x, point.y - shape[i]!.y));
  const scale = km / unitLengths.reduce((sum, length) => sum + length, 0);
  const city = vehicle.yard.city;
  const place = placeIndexOf(city);
  const vertices: Vertex[] = shape.map((point) => ({ ...fromPlane(city, point.x * scale, point.y * scale), place }));
  const line = polyline(
    vertices,
    unitLengths.map((length) => length * scale),
  );
  return {
    length: km,
    at: (distance) => pointAlong(line, distance),
    stops: stopIndexes.map((index) => ({ km: line.km[index]!, kind: "delivery" as const })),
  };
}
