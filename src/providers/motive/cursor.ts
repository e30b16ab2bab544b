import { ProviderError } from "../errors";

/**
 * Motive pages by page number (1-based), so the engine's opaque cursor is the next page's
 * number, prefixed for windowed listings by the day it belongs to: `3`, or `2026-11-03/3`
 * for utilization, which is read one day at a time.
 */
export type MotiveCursor = { day?: string; page: number };

export function encodeMotiveCursor(cursor: MotiveCursor): string {
  return cursor.day === undefined ? String(cursor.page) : `${cursor.day}/${cursor.page}`;
}

const CURSOR = /^(?:(\d{4}-\d{2}-\d{2})\/)?([1-9]\d{0,8})$/;

/** Reads a cursor this adapter issued; throws ProviderError("malformed") for anything else. */
export function decodeMotiveCursor(text: string, withDay: boolean): MotiveCursor {
  const match = CURSOR.exec(text);
  const day = match?.[1];
  if (!match || (day !== undefined) !== withDay || (day !== undefined && Number.isNaN(Date.parse(day)))) {
    throw new ProviderError("malformed", "Motive: the cursor is not one this adapter issued for this listing.");
  }
  return { ...(day !== undefined ? { day } : {}), page: Number(match[2]) };
}
