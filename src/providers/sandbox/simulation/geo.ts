/**
 * Geometry on the scale of a continent's roads: great-circle distances and bearings between
 * points, and a local flat plane (km east, km north of an origin) for building shapes around a
 * point. Over the few hundred km the plane is used for, its error is well under a percent.
 */

export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;
/** km in a degree of latitude (the mean over the continent's latitudes). */
export const KM_PER_DEGREE_LAT = 110.95;

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from the first point to the second, degrees clockwise from north in [0, 360). */
export function bearingDegrees(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const phi1 = lat1 * RADIANS;
  const phi2 = lat2 * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const y = Math.sin(dLng) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLng);
  const degrees = Math.atan2(y, x) / RADIANS;
  return (degrees + 360) % 360;
}

/** km in a degree of longitude at a latitude. */
export function kmPerDegreeLng(lat: number): number {
  return KM_PER_DEGREE_LAT * Math.cos(lat * RADIANS);
}

/** A point of the plane around `origin` (x km east, y km north) as latitude and longitude. */
export function fromPlane(origin: LatLng, x: number, y: number): LatLng {
  return { lat: origin.lat + y / KM_PER_DEGREE_LAT, lng: origin.lng + x / kmPerDegreeLng(origin.lat) };
}

/** A point as (x km east, y km north) of `origin`: the inverse of fromPlane. */
export function toPlane(origin: LatLng, point: LatLng): { x: number; y: number } {
  return { x: (point.lng - origin.lng) * kmPerDegreeLng(origin.lat), y: (point.lat - origin.lat) * KM_PER_DEGREE_LAT };
}

/** Rounded to `decimals` places, without a negative zero (JSON and deep equality treat it apart). */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0;
}
