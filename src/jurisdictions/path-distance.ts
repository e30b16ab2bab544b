/** A vehicle's distance per IFTA jurisdiction, from its positions in time order. */

import { haversineKm, type LatLon, pointAlong } from "./great-circle.ts";
import { jurisdictionAt } from "./lookup.ts";

/**
 * How closely a border crossing is located along a segment, in km: the last interval that holds
 * it is split evenly between the two sides, so the error per crossing is at most half of this.
 */
const CROSSING_PRECISION_KM = 0.01;

type AddDistance = (code: string | null, km: number) => void;

/**
 * The great-circle length in km of each leg between consecutive points, added to the
 * jurisdiction it lies in (jurisdictionAt; null for none). A leg whose ends lie in different
 * jurisdictions is split where it crosses the border, found by bisection; each crossing between
 * ends of differing jurisdictions is found, but a leg whose ends share a jurisdiction counts
 * whole there even if it cuts a corner of another. The values add up to the path's length.
 */
export function distanceByJurisdiction(points: readonly LatLon[]): Map<string | null, number> {
  const totals = new Map<string | null, number>();
  const add: AddDistance = (code, km) => totals.set(code, (totals.get(code) ?? 0) + km);
  let previous = points[0];
  if (previous === undefined) return totals;
  let previousCode = jurisdictionAt(previous.latitude, previous.longitude);
  for (const point of points.slice(1)) {
    const code = jurisdictionAt(point.latitude, point.longitude);
    const km = haversineKm(previous, point);
    if (code === previousCode) add(code, km);
    else splitAtBorders({ start: previous, end: point, km }, 0, previousCode, 1, code, add);
    previous = point;
    previousCode = code;
  }
  return totals;
}

interface Leg {
  start: LatLon;
  end: LatLon;
  km: number;
}

/**
 * Adds the part of the leg between fractions `from` and `to` of its length, whose ends lie in
 * fromCode and toCode. Working in fractions of the leg's length keeps the parts' sum equal to it.
 */
function splitAtBorders(
  leg: Leg,
  from: number,
  fromCode: string | null,
  to: number,
  toCode: string | null,
  add: AddDistance,
): void {
  const km = (to - from) * leg.km;
  if (fromCode === toCode) {
    add(fromCode, km);
  } else if (km <= CROSSING_PRECISION_KM) {
    add(fromCode, km / 2);
    add(toCode, km / 2);
  } else {
    const middle = (from + to) / 2;
    const point = pointAlong(leg.start, leg.end, middle);
    const middleCode = jurisdictionAt(point.latitude, point.longitude);
    splitAtBorders(leg, from, fromCode, middle, middleCode, add);
    splitAtBorders(leg, middle, middleCode, to, toCode, add);
  }
}
