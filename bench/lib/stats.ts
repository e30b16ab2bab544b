/** Small statistics for benchmark rounds: medians over rounds, percentiles of samples. */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The p-th percentile (0–100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Whole numbers with thousands separators, for tables. */
export const thousands = (value: number) => Math.round(value).toLocaleString("en-US");
