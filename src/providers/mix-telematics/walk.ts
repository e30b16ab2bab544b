import { z } from "@hono/zod-openapi";
import { ProviderError } from "../errors";
import { cursorCodec } from "../kit/cursor";
import { DAY_MS, type TimeWindow, utcDayStart, windowDays } from "../kit/windows";
import type { ProviderPage } from "../types";
import { MixForbiddenError, PROVIDER } from "./client";

/** Requests one page makes at most: a page stays a short piece of work. */
export const MAX_REQUESTS_PER_PAGE = 10;

/** One piece of a window to read: a key (an asset id, or `*` for the organisation) and a UTC day's part of the window. */
export type WindowPiece = { key: string; from: number; to: number };

const codec = cursorCodec<{ k: string; d: string }>({
  provider: PROVIDER,
  write: (cursor) => cursor,
  read: z.object({ k: z.string().min(1).max(40), d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
});

/**
 * Reads a window key by key (sorted) and UTC day by day, resuming at the cursor's key and day:
 * MiX's from/to reads answer a whole span without paging, so a day bounds each answer. A page
 * ends after `pageSize` items or MAX_REQUESTS_PER_PAGE requests. A transient failure after some
 * progress ends the page at the piece that failed (read first by the next page); a 403 ends the
 * walk with a `missing_permissions` issue.
 */
export async function walkWindow(options: {
  window: TimeWindow;
  keys: readonly string[];
  cursor: string | undefined;
  pageSize: number;
  schema: string;
  read: (piece: WindowPiece) => Promise<unknown[]>;
}): Promise<ProviderPage> {
  const { window, keys, schema } = options;
  const days = windowDays(window);
  const pieces = keys.flatMap((key) => days.map((day) => ({ key, day })));
  let index = 0;
  if (options.cursor !== undefined) {
    const cursor = codec.decode(options.cursor, (c) => days.includes(c.d));
    index = pieces.findIndex((piece) => piece.key > cursor.k || (piece.key === cursor.k && piece.day >= cursor.d));
    if (index < 0) index = pieces.length;
  }
  const items: unknown[] = [];
  let requests = 0;
  const page = (): ProviderPage => {
    const next = pieces[index];
    return { items, schema, ...(next ? { nextCursor: codec.encode({ k: next.key, d: next.day }) } : {}) };
  };
  try {
    while (index < pieces.length && requests < MAX_REQUESTS_PER_PAGE && items.length < Math.max(1, options.pageSize)) {
      const { key, day } = pieces[index]!;
      const start = utcDayStart(day);
      requests++;
      items.push(
        ...(await options.read({
          key,
          from: Math.max(start, window.start.getTime()),
          to: Math.min(start + DAY_MS, window.end.getTime()),
        })),
      );
      index++;
    }
  } catch (error) {
    if (error instanceof MixForbiddenError) {
      return { items, schema, issues: [{ code: "missing_permissions", message: error.message }] };
    }
    if (error instanceof ProviderError && error.transient && (requests > 1 || items.length > 0)) return page();
    throw error;
  }
  return page();
}
