/**
 * What the sandbox's identifiers are made of: record ids that read like a provider's, and the
 * letters and digits of plates, serial numbers and licence numbers.
 */

/** Six digits at least, so ids sort and read like a provider's. */
export function pad(index: number): string {
  return String(index).padStart(6, "0");
}

/** Letters of plates, serials and licences (no I, O or Q, which read as digits). */
export const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
export const DIGITS = "0123456789";
