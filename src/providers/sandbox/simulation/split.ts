/**
 * `total` whole units shared in proportion to `weights`, every share at least `min`, adding up
 * to `total` exactly (largest remainders get the units that rounding down leaves over).
 */
export function splitWhole(total: number, weights: readonly number[], min = 0): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const free = Math.max(0, total - min * n);
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const exact = weights.map((weight) => (sum > 0 ? (free * weight) / sum : free / n));
  const shares = exact.map((value) => Math.floor(value));
  let left = free - shares.reduce((acc, share) => acc + share, 0);
  const order = exact.map((value, i) => ({ i, rest: value - shares[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % n, left--) shares[order[k]!.i]!++;
  return shares.map((share) => share + min);
}
