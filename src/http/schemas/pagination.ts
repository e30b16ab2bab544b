import { z } from "@hono/zod-openapi";
import { type CursorKey, decodeCursor, encodeCursor, InvalidCursorError } from "../../lib/cursor";
import { badRequest } from "../errors";

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;
export const CURSOR_PATTERN = /^[A-Za-z0-9+/=_-]+$/;

export const CursorQuerySchema = z.string().max(2048).regex(CURSOR_PATTERN).optional().openapi({
  description: "Opaque cursor from the `next` field of the previous page. Valid only with the same filters.",
  example: "WyIwMUhaWDVHMVE0VjJNOFQ2VzlLM1I3TjBQQiJdv0nJ8yRk1xs2Vb1hCk0qSw",
});

export const LimitQuerySchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .default(DEFAULT_PAGE_SIZE)
  .openapi({
    type: "integer",
    description: `Maximum number of results in the page: default ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`,
    example: DEFAULT_PAGE_SIZE,
  });

export const PaginationQuerySchema = z.object({ cursor: CursorQuerySchema, limit: LimitQuerySchema });

/** `{ results, next? }`: a page of records; `next` is absent on the last page. */
export function pageSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      results: z.array(item),
      next: z
        .string()
        .regex(CURSOR_PATTERN)
        .optional()
        .openapi({ description: "Cursor of the following page; absent on the last page." }),
    })
    .openapi(name);
}

/** Reads the cursor of a request, bound to its scope; a tampered or foreign cursor is a bad_request. */
export async function readCursor(
  secret: string,
  scope: string,
  cursor: string | undefined,
): Promise<CursorKey | undefined> {
  if (cursor === undefined) return undefined;
  try {
    return await decodeCursor(secret, scope, cursor);
  } catch (error) {
    if (error instanceof InvalidCursorError || error instanceof SyntaxError) {
      throw badRequest(
        error.message,
        "{requestQuery}.cursor",
        "Pass the `next` value of the previous page unchanged, with the same filters.",
      );
    }
    throw error;
  }
}

/**
 * Turns `limit + 1` rows into a page: the extra row only says that another page follows,
 * and the cursor continues after the last row returned.
 */
export async function toPage<Row, Item>(
  rows: Row[],
  options: {
    limit: number;
    secret: string;
    scope: string;
    keyOf: (row: Row) => CursorKey;
    present: (row: Row) => Item | Promise<Item>;
  },
): Promise<{ results: Item[]; next?: string }> {
  const pageRows = rows.slice(0, options.limit);
  const results = await Promise.all(pageRows.map(options.present));
  const last = pageRows.at(-1);
  if (rows.length <= options.limit || last === undefined) return { results };
  return { results, next: await encodeCursor(options.secret, options.scope, options.keyOf(last)) };
}
