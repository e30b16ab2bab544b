import type { Rng } from "../hash";

export type PlanePoint = { x: number; y: number };

/**
 * The interior points of a road from `a` to `b` in a plane (km): it bows to one side like a
 * real road around terrain, a sine-shaped bulge of `bulge` × its length (negative: the other
 * side) with a little jitter at each bend, so that it is longer than the straight line by a
 * road factor of a few percent to about a fifth and never turns sharply at any one bend.
 */
export function bendPoints(a: PlanePoint, b: PlanePoint, bends: number, bulge: number, rng: Rng): PlanePoint[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return [];
  // Unit vector to the left of the direction of travel.
  const left = { x: -dy / length, y: dx / length };
  const points: PlanePoint[] = [];
  for (let i = 1; i <= bends; i++) {
    const along = i / (bends + 1);
    const offset = (bulge * Math.sin(Math.PI * along) + rng.float(-0.012, 0.012, 4)) * length;
    points.push({ x: a.x + along * dx + offset * left.x, y: a.y + along * dy + offset * left.y });
  }
  return points;
}
