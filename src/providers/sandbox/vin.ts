import type { Rng } from "./hash";

/**
 * Realistic VINs (ISO 3779 / 49 CFR 565): manufacturer prefix, descriptor, a valid check digit
 * in position 9, the model-year code in position 10, and a serial that differs per vehicle, so
 * consumers that validate VINs accept them.
 */

/** VIN characters: digits and capitals except I, O and Q. */
const VIN_CHARS = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
/** Model-year codes, in a 30-year cycle starting at 1980 (no I, O, Q, U, Z or 0). */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const SERIALS = 1_000_000;
/** Coprime with SERIALS, so the serials of the first million vehicles are all different. */
const SERIAL_STEP = 387_799;

export function makeVin(wmi: string, year: number, index: number, rng: Rng): string {
  const descriptor = rng.chars(VIN_CHARS, 5);
  const plant = rng.chars(VIN_CHARS.slice(10), 1);
  const serial = String((index * SERIAL_STEP + 104_729) % SERIALS).padStart(6, "0");
  const vin = `${wmi}${descriptor}0${YEAR_CODES[(((year - 1980) % 30) + 30) % 30]}${plant}${serial}`;
  return `${vin.slice(0, 8)}${checkDigit(vin)}${vin.slice(9)}`;
}

/** The check digit of a 17-character VIN (position 9 is ignored: its weight is 0). */
export function checkDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += transliterate(vin[i]!) * WEIGHTS[i]!;
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** Values of A-Z (I, O and Q never appear): three runs of 1-9, A-I, J-R and S-Z, starting at S=2. */
const LETTER_VALUES = "12345678012345070923456789";

function transliterate(char: string): number {
  if (char >= "0" && char <= "9") return Number(char);
  return Number(LETTER_VALUES[char.charCodeAt(0) - 65] ?? 0);
}
