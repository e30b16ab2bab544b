import { hash, Rng } from "../hash";
import { bendPoints } from "./bends";
import { fromPlane, toPlane } from "./geo";
import { PLACES, ROADS } from "./places";
import type { Vertex } from "./polyline";

/** The same roads in every fleet: their shapes are drawn from this seed, not a fleet's. */
const ROAD_SEED = 0x5eed_0ad5;
/** Bends per highway between two cities: enough for a smooth bow at 30 s between breadcrumbs. */
const BENDS = 7;

/** A highway between two neighbouring cities, from `from` to `to` (indexes in PLACES). */
export type Road = { from: number; to: number; vertices: readonly Vertex[]; km: number };

export type RoadGraph = {
  roads: readonly Road[];
  /** For each place, the roads that leave it and the place each leads to. */
  exits: readonly (readonly { road: number; to: number }[])[];
};

// Built once per isolate on first use: the map is the same for every fleet and request.
let graph: RoadGraph | undefined;

export function roadGraph(): RoadGraph {
  graph ??= buildGraph();
  return graph;
}

/** A road's vertices in the direction of travel. */
export function roadVertices(road: Road, from: number): readonly Vertex[] {
  return from === road.from ? road.vertices : [...road.vertices].reverse();
}

function buildGraph(): RoadGraph {
  const exits: { road: number; to: number }[][] = PLACES.map(() => []);
  const roads = ROADS.map(([from, to], index): Road => {
    exits[from]!.push({ road: index, to });
    exits[to]!.push({ road: index, to: from });
    const vertices = highway(from, to, new Rng(hash(ROAD_SEED, index)));
    let km = 0;
    for (let i = 1; i < vertices.length; i++) km += planeDistance(vertices[i - 1]!, vertices[i]!);
    return { from, to, vertices, km };
  });
  return { roads, exits };
}

/** The bowed highway between two cities: each half is named after the city it is nearer. */
function highway(from: number, to: number, rng: Rng): Vertex[] {
  const a = PLACES[from]!;
  const b = PLACES[to]!;
  const end = toPlane(a, b);
  const bulge = (rng.chance(0.5) ? 1 : -1) * rng.float(0.05, 0.2, 3);
  const bends = bendPoints({ x: 0, y: 0 }, end, BENDS, bulge, rng);
  return [
    { lat: a.lat, lng: a.lng, place: from },
    ...bends.map((point, i) => ({ ...fromPlane(a, point.x, point.y), place: i < BENDS / 2 ? from : to })),
    { lat: b.lat, lng: b.lng, place: to },
  ];
}

function planeDistance(a: Vertex, b: Vertex): number {
  const p = toPlane(a, b);
  return Math.hypot(p.x, p.y);
}
