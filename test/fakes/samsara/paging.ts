/**
 * Samsara's cursor paging as the fake serves it: `endCursor` is opaque base64 (of an offset and
 * of the parameters it was issued for); the last page has `endCursor: ""` and
 * `hasNextPage: false`. Like the real API, a cursor must come back with the parameters of the
 * request that produced it, otherwise the answer is a 400.
 */
import { hash } from "../fleet.ts";

/** A request the fake refuses with a 400 `{ message, requestId }`. */
export class BadRequest extends Error {}

export type Page<T> = { data: T[]; pagination: { endCursor: string; hasNextPage: boolean } };

/**
 * `breakAt` is an offset where the listing answers a short page (ending just before it) and
 * then an empty page with `hasNextPage: true`, as Samsara documents on its stats endpoints
 * (clients must keep paging on the cursor); the empty page's cursor continues at the offset.
 */
export function pageOf<T>(items: readonly T[], url: URL, size: number, binding: string, breakAt?: number): Page<T> {
  const after = url.searchParams.get("after");
  const bound = hash(binding).toString(36);
  let offset = 0;
  let emptied = false;
  if (after !== null && after !== "") {
    const cursor = decode(after);
    if (!cursor) throw new BadRequest("Invalid value for parameter 'after': not a cursor this API issued.");
    if (cursor.b !== bound) throw new BadRequest("Parameters differ from previous paginated request.");
    offset = cursor.o;
    emptied = cursor.e === 1;
  }
  if (breakAt !== undefined && offset === breakAt && breakAt > 0 && breakAt < items.length && !emptied) {
    return { data: [], pagination: { endCursor: encode({ o: offset, b: bound, e: 1 }), hasNextPage: true } };
  }
  const stop = breakAt !== undefined && offset < breakAt ? Math.min(offset + size, breakAt) : offset + size;
  const data = items.slice(offset, stop);
  const end = offset + data.length;
  const more = end < items.length;
  return { data, pagination: { endCursor: more ? encode({ o: end, b: bound }) : "", hasNextPage: more } };
}

type Cursor = { o: number; b: string; e?: 1 };

function encode(cursor: Cursor): string {
  return btoa(JSON.stringify(cursor)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function decode(text: string): Cursor | undefined {
  try {
    const base64 = text.replaceAll("-", "+").replaceAll("_", "/");
    const body = JSON.parse(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4))) as {
      o?: unknown;
      b?: unknown;
      e?: unknown;
    };
    if (typeof body.o !== "number" || !Number.isSafeInteger(body.o) || body.o < 0 || typeof body.b !== "string")
      return undefined;
    return { o: body.o, b: body.b, ...(body.e === 1 ? { e: 1 as const } : {}) };
  } catch {
    return undefined;
  }
}
