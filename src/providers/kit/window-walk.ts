import { z } from "@hono/zod-openapi";
import { ProviderError } from "../errors";
import type { ProviderPage } from "../types";
import { cursorCodec } from "./cursor";
import type { TimeWindow } from "./windows";

/** Requests one page makes at most: a page stays a short piece of work. */
export const MAX_REQUESTS_PER_PAGE = 10;

/** One piece of a window to read: a key (a vehicle, or `*` for the whole fleet) and a span [from, to). */
export type WindowPiece = { key: string; from: number; to: number };

const cursorSchema = z.object({ k: z.string().min(1).max(200), s: z.number().int().nonnegative() });

/** The window cut into spans of at most `spanMs`, aligned to UTC multiples of it (days stay days). */
export function spansOf(window: TimeWindow, spanMs: number): { from: number; to: number }[] {
  const spans: { from: number; to: number }[] = [];
  const end = window.end.getTime();
  for (let from = window.start.getTime(); from < end; ) {
    const to = Math.min(end, (Math.floor(from / spanMs) + 1) * spanMs);
    spans.push({ from, to });
    from = to;
  }
  return spans;
}

/**
 * Reads a window key by key (sorted) and span by span, resuming at the cursor's key and span
 * start, for providers whose from/to reads answer a whole span without paging (MiX, TN360): a
 * span bounds each answer. A page ends after `pageSize` items or MAX_REQUESTS_PER_PAGE requests.
 * A transient failure after some progress ends the page at the piece that failed (read first by
 * the next page); a refusal `forbidden` recognises (a 403) ends the walk with a
 * `missing_permissions` issue.
 */
export type WindowWalk = {
  provider: string;
  window: TimeWindow;
  spanMs: number;
  keys: readonly string[];
  cursor: string | undefined;
  pageSize: number;
  schema: string;
  read: (piece: WindowPiece) => Promise<unknown[]>;
  forbidden: (error: unknown) => boolean;
};

export async function walkWindow(options: WindowWalk): Promise<ProviderPage> {
  const { schema } = options;
  const codec = cursorCodec<{ k: string; s: number }>({
    provider: options.provider,
    write: (cursor) => cursor,
    read: cursorSchema,
  });
  const spans = spansOf(options.window, options.spanMs);
  const pieces = options.keys.flatMap((key) => spans.map((span) => ({ key, ...span })));
  let index = 0;
  if (options.cursor !== undefined) {
    const cursor = codec.decode(options.cursor, (c) => spans.some((span) => span.from === c.s));
    index = pieces.findIndex((piece) => piece.key > cursor.k || (piece.key === cursor.k && piece.from >= cursor.s));
    if (index < 0) index = pieces.length;
  }
  const items: unknown[] = [];
  let requests = 0;
  const page = (): ProviderPage => {
    const next = pieces[index];
    return { items, schema, ...(next ? { nextCursor: codec.encode({ k: next.key, s: next.from }) } : {}) };
  };
  try {
    while (index < pieces.length && requests < MAX_REQUESTS_PER_PAGE && items.length < Math.max(1, options.pageSize)) {
      requests++;
      items.push(...(await options.read(pieces[index]!)));
      index++;
    }
  } catch (error) {
    if (options.forbidden(error)) {
      return { items, schema, issues: [{ code: "missing_permissions", message: (error as Error).message }] };
    }
    if (error instanceof ProviderError && error.transient && (requests > 1 || items.length > 0)) return page();
    throw error;
  }
  return page();
}
