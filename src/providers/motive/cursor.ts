import { z } from "@hono/zod-openapi";
import { cursorCodec, plainText } from "../kit/cursor";
import { PROVIDER } from "./client";

/**
 * Motive pages by page number (1-based), so the engine's opaque cursor is the next page's
 * number, prefixed for windowed listings by the day it belongs to: `3`, or `2026-11-03/3`
 * for utilization, which is read one day at a time.
 */
export type MotiveCursor = { day?: string; page: number };

const CURSOR = /^(?:(\d{4}-\d{2}-\d{2})\/)?([1-9]\d{0,8})$/;

const codec = cursorCodec<MotiveCursor>({
  provider: PROVIDER,
  format: plainText,
  write: (cursor) => (cursor.day === undefined ? String(cursor.page) : `${cursor.day}/${cursor.page}`),
  read: z
    .string()
    .regex(CURSOR)
    .transform((text): MotiveCursor => {
      const [, day, page] = CURSOR.exec(text)!;
      return { ...(day !== undefined ? { day } : {}), page: Number(page) };
    })
    .refine((cursor) => cursor.day === undefined || !Number.isNaN(Date.parse(cursor.day))),
});

export const encodeMotiveCursor = codec.encode;

/** Reads a cursor this adapter issued; throws ProviderError("malformed") for anything else. */
export function decodeMotiveCursor(text: string, withDay: boolean): MotiveCursor {
  return codec.decode(text, (cursor) => (cursor.day !== undefined) === withDay);
}
