/** Distances and points along great circles, on a sphere of the Earth's mean radius. */

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;

const RADIANS = Math.PI / 180;

/** km along a meridian per degree of latitude (and along the equator per degree of longitude). */
export const KM_PER_DEGREE = EARTH_RADIUS_KM * RADIANS;

export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = (b.latitude - a.latitude) * RADIANS;
  const dLon = (b.longitude - a.longitude) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `fraction` (0 to 1) of the way from a to b along the shorter great circle through them. */
export function pointAlong(a: LatLon, b: LatLon, fraction: number): LatLon {
  const angle = haversineKm(a, b) / EARTH_RADIUS_KM;
  if (angle === 0) return a;
  const weightA = Math.sin((1 - fraction) * angle) / Math.sin(angle);
  const weightB = Math.sin(fraction * angle) / Math.sin(angle);
  const latA = a.latitude * RADIANS;
  const lonA = a.longitude * RADIANS;
  const latB = b.latitude * RADIANS;
  const lonB = b.longitude * RADIANS;
  const x = weightA * Math.cos(latA) * Math.cos(lonA) + weightB * Math.cos(latB) * Math.cos(lonB);
  const y = weightA * Math.cos(latA) * Math.sin(lonA) + weightB * Math.cos(latB) * Math.sin(lonB);
  const z = weightA * Math.sin(latA) + weightB * Math.sin(latB);
  return { latitude: Math.atan2(z, Math.hypot(x, y)) / RADIANS, longitude: Math.atan2(y, x) / RADIANS };
}
