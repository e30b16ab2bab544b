/** Rounded to 2 decimals, as wire-compat.md asks for every number the API answers; `+ 0` turns -0 into 0. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}
