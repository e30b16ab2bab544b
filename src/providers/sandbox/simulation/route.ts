import { PLACES } from "./places";
import { type Polyline, polyline, smoothCorners, type Vertex } from "./polyline";
import { roadGraph, roadVertices } from "./roads";

/** How far before and after a turn (a bend, a city where highways meet) a route starts to turn. */
const CORNER_RADIUS_KM = 1.5;

type ShortestPaths = { km: Float64Array; previousRoad: Int32Array; previousPlace: Int32Array };

// Memoized per isolate: the map is the same for every fleet, and a few hundred sources at most are asked for.
const pathsFrom = new Map<number, ShortestPaths>();
const lines = new Map<number, Polyline>();

/** Shortest road distances from one place to every other (Dijkstra over the road graph, memoized). */
export function shortestPaths(source: number): ShortestPaths {
  const known = pathsFrom.get(source);
  if (known) return known;
  const { roads, exits } = roadGraph();
  const n = PLACES.length;
  const km = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const previousRoad = new Int32Array(n).fill(-1);
  const previousPlace = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  km[source] = 0;
  // A linear scan for the nearest open place: with ~130 places it beats a heap.
  for (let round = 0; round < n; round++) {
    let nearest = -1;
    for (let i = 0; i < n; i++) if (!done[i] && (nearest < 0 || km[i]! < km[nearest]!)) nearest = i;
    if (nearest < 0 || km[nearest] === Number.POSITIVE_INFINITY) break;
    done[nearest] = 1;
    for (const exit of exits[nearest]!) {
      const through = km[nearest]! + roads[exit.road]!.km;
      if (through < km[exit.to]!) {
        km[exit.to] = through;
        previousRoad[exit.to] = exit.road;
        previousPlace[exit.to] = nearest;
      }
    }
  }
  const paths = { km, previousRoad, previousPlace };
  pathsFrom.set(source, paths);
  return paths;
}

/** The road distance (km) of the shortest route between two places. */
export function roadKm(from: number, to: number): number {
  return shortestPaths(from).km[to]!;
}

/**
 * The route a vehicle drives from one place to another: the highways of the shortest path one
 * after the other, with the turns in the cities between them rounded off. Memoized.
 */
export function routeLine(from: number, to: number): Polyline {
  const key = from * PLACES.length + to;
  const known = lines.get(key);
  if (known) return known;
  const { previousRoad, previousPlace } = shortestPaths(from);
  const { roads } = roadGraph();
  const legs: { road: number; from: number }[] = [];
  for (let at = to; at !== from; at = previousPlace[at]!) {
    if (previousRoad[at]! < 0) throw new Error(`route.ts: no road from ${PLACES[from]!.code} to ${PLACES[to]!.code}`);
    legs.unshift({ road: previousRoad[at]!, from: previousPlace[at]! });
  }
  const vertices: Vertex[] = [];
  legs.forEach((leg, i) => {
    const road = roadVertices(roads[leg.road]!, leg.from);
    vertices.push(...(i === 0 ? road : road.slice(1)));
  });
  // Every turn is rounded: the bends of a highway and, more sharply, the cities where highways meet.
  const corners = new Set(vertices.keys());
  const line = polyline(
    legs.length === 0 ? [vertexOf(from), vertexOf(to)] : smoothCorners(vertices, corners, CORNER_RADIUS_KM),
  );
  lines.set(key, line);
  return line;
}

function vertexOf(place: number): Vertex {
  return { lat: PLACES[place]!.lat, lng: PLACES[place]!.lng, place };
}
