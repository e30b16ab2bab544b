import { z } from "@hono/zod-openapi";
import { cursorCodec, plainText } from "../kit/cursor";
import { PROVIDER } from "./client";

/**
 * Where a walk of the location history stands. Motive serves a vehicle's history one request
 * per vehicle, so the walk lists the vehicles a page at a time and then reads each listed
 * vehicle's history span by span (a span: a few of the window's days, named by its first). The cursor carries the listed vehicles still to read, so that
 * a page of the walk needs no listing request of its own:
 * - `{ page }`: list that page of vehicles next (`3`);
 * - `{ page, day, vehicles, more }`: read `vehicles[0]` from the span starting on `day` on, then
 *   the other vehicles from the window's first day; `more` says whether listing pages follow `page`
 *   (`3/2026-11-03/4017.4018.4019`, with `3+/…` when more pages follow).
 */
export type MotiveHistoryCursor =
  | { page: number }
  | { page: number; day: string; vehicles: readonly number[]; more: boolean };

/** Vehicles listed per page of the walk (and so carried at most by a cursor): a short cursor. */
export const HISTORY_LISTING_PER_PAGE = 25;

const CURSOR = /^([1-9]\d{0,8})(?:(\+?)\/(\d{4}-\d{2}-\d{2})\/(\d{1,15}(?:\.\d{1,15}){0,24}))?$/;

const codec = cursorCodec<MotiveHistoryCursor>({
  provider: PROVIDER,
  format: plainText,
  write: (cursor) =>
    "vehicles" in cursor
      ? `${cursor.page}${cursor.more ? "+" : ""}/${cursor.day}/${cursor.vehicles.join(".")}`
      : String(cursor.page),
  read: z
    .string()
    .regex(CURSOR)
    .transform((text): MotiveHistoryCursor => {
      const [, page, more, day, vehicles] = CURSOR.exec(text)!;
      if (day === undefined || vehicles === undefined) return { page: Number(page) };
      return { page: Number(page), day, vehicles: vehicles.split(".").map(Number), more: more === "+" };
    }),
});

export const encodeMotiveHistoryCursor = codec.encode;

/** Reads a cursor of this walk; ProviderError("malformed") for anything else, or a day that starts none of the window's spans. */
export function decodeMotiveHistoryCursor(text: string, spanStarts: readonly string[]): MotiveHistoryCursor {
  return codec.decode(text, (cursor) => !("day" in cursor) || spanStarts.includes(cursor.day));
}
