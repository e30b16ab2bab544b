import { bearingDegrees, fromPlane, haversineKm, type LatLng, toPlane } from "./geo";

/**
 * A road as the vehicle follows it: vertices with the distance driven to each, so the point at
 * any distance along it is a binary search and an interpolation (O(log n)). `place` names the
 * city each vertex is nearest along the road (a breadcrumb's address, a distance's jurisdiction).
 */
export type Polyline = {
  lat: Float64Array;
  lng: Float64Array;
  /** km driven from the first vertex to each vertex. */
  km: Float64Array;
  /** Degrees clockwise from north of the segment starting at each vertex (the last repeats the one before). */
  heading: Float64Array;
  place: Int16Array;
  length: number;
};

export type Vertex = LatLng & { place: number };

/** Where a vehicle is at some distance along a road, heading the way it drives. */
export type RoutePoint = { lat: number; lng: number; heading: number; place: number };

/**
 * A polyline through `vertices`, measured by great-circle distance, or by `lengths` (one per
 * segment) when the road was built in a plane and must keep the plane's exact length.
 */
export function polyline(vertices: readonly Vertex[], lengths?: readonly number[]): Polyline {
  const n = vertices.length;
  const line: Polyline = {
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    km: new Float64Array(n),
    heading: new Float64Array(n),
    place: new Int16Array(n),
    length: 0,
  };
  vertices.forEach((vertex, i) => {
    line.lat[i] = vertex.lat;
    line.lng[i] = vertex.lng;
    line.place[i] = vertex.place;
    if (i === 0) return;
    const previous = vertices[i - 1]!;
    line.km[i] =
      line.km[i - 1]! + (lengths?.[i - 1] ?? haversineKm(previous.lat, previous.lng, vertex.lat, vertex.lng));
    line.heading[i - 1] = bearingDegrees(previous.lat, previous.lng, vertex.lat, vertex.lng);
  });
  if (n > 1) line.heading[n - 1] = line.heading[n - 2]!;
  line.length = line.km[n - 1] ?? 0;
  return line;
}

/** The point `distance` km along the line (clamped to its ends), on the segment that starts at or before it. */
export function pointAlong(line: Polyline, distance: number): RoutePoint {
  const { km } = line;
  const last = km.length - 1;
  const d = Math.min(Math.max(distance, 0), line.length);
  let low = 0;
  let high = last;
  // The last vertex i with km[i] <= d, below the final vertex so that there is a segment to follow.
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (km[middle]! <= d) low = middle;
    else high = middle;
  }
  const i = last === 0 ? 0 : Math.min(low, last - 1);
  const span = (km[i + 1] ?? km[i]!) - km[i]!;
  const share = span > 0 ? (d - km[i]!) / span : 0;
  return {
    lat: line.lat[i]! + share * ((line.lat[i + 1] ?? line.lat[i]!) - line.lat[i]!),
    lng: line.lng[i]! + share * ((line.lng[i + 1] ?? line.lng[i]!) - line.lng[i]!),
    heading: line.heading[i]!,
    place: share < 0.5 ? line.place[i]! : (line.place[i + 1] ?? line.place[i]!),
  };
}

/**
 * Rounds off the corners at the vertices marked in `corners` (bends, and cities where highways
 * meet) with circular arcs of `radiusKm` where the road allows (a tighter one where the
 * segments beside the corner are too short for it), in steps of at most 10 degrees, so that
 * breadcrumbs 30 s apart never cut a corner by much.
 */
export function smoothCorners(vertices: readonly Vertex[], corners: ReadonlySet<number>, radiusKm: number): Vertex[] {
  const out: Vertex[] = [];
  vertices.forEach((corner, i) => {
    const before = vertices[i - 1];
    const after = vertices[i + 1];
    const arc = corners.has(i) && before && after ? fillet(corner, before, after, radiusKm) : undefined;
    if (!arc) out.push(corner);
    else out.push(...arc.map((point) => ({ ...fromPlane(corner, point.x, point.y), place: corner.place })));
  });
  return out;
}

/** The arc replacing a corner, in the plane around it (km), or none when the road hardly turns there. */
function fillet(
  corner: LatLng,
  before: LatLng,
  after: LatLng,
  radiusKm: number,
): { x: number; y: number }[] | undefined {
  const a = toPlane(corner, before);
  const b = toPlane(corner, after);
  const lengthA = Math.hypot(a.x, a.y);
  const lengthB = Math.hypot(b.x, b.y);
  if (lengthA === 0 || lengthB === 0) return undefined;
  const ua = { x: a.x / lengthA, y: a.y / lengthA };
  const ub = { x: b.x / lengthB, y: b.y / lengthB };
  // The angle between the two roads at the corner (180° is straight on), kept off a full U-turn.
  const interior = Math.max(Math.acos(Math.max(-1, Math.min(1, ua.x * ub.x + ua.y * ub.y))), (5 * Math.PI) / 180);
  const turn = Math.PI - interior;
  if (turn < (8 * Math.PI) / 180) return undefined;
  const tangent = Math.min(radiusKm / Math.tan(interior / 2), 0.45 * lengthA, 0.45 * lengthB);
  const radius = tangent * Math.tan(interior / 2);
  const bisector = { x: ua.x + ub.x, y: ua.y + ub.y };
  const bisectorLength = Math.hypot(bisector.x, bisector.y);
  const toCentre = tangent / Math.cos(interior / 2);
  const centre = { x: (bisector.x / bisectorLength) * toCentre, y: (bisector.y / bisectorLength) * toCentre };
  const from = Math.atan2(ua.y * tangent - centre.y, ua.x * tangent - centre.x);
  const to = Math.atan2(ub.y * tangent - centre.y, ub.x * tangent - centre.x);
  let sweep = to - from;
  while (sweep > Math.PI) sweep -= 2 * Math.PI;
  while (sweep < -Math.PI) sweep += 2 * Math.PI;
  const steps = Math.ceil(turn / ((10 * Math.PI) / 180));
  return Array.from({ length: steps + 1 }, (_, k) => {
    const angle = from + (sweep * k) / steps;
    return { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
  });
}
