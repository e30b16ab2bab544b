import { ProviderError } from "../errors";
import type { ProviderPage, ReadRequest } from "../types";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "./client";
import { decodeMotiveCursor, encodeMotiveCursor } from "./cursor";
import { missingPermissions, perPage } from "./listing";

/** A Motive list read by dates: its path, its wrapper keys, and the longest range it accepts. */
export type DateSpanList = {
  path: string;
  keys: { list: string; item: string };
  spanDays: number;
  /** Said in the missing-permissions issue: what was not read (e.g. "Trips"). */
  what: string;
};

/**
 * One page of a list read over a window's days (YYYY-MM-DD) in spans of at most `spanDays` days
 * from the first (Motive refuses longer ranges), the cursor holding the span's first day and the
 * page within it. A key that may not read the list gets a missing-permissions issue, not a failure.
 */
export async function readDateSpanPage(
  request: ReadRequest,
  days: readonly string[],
  list: DateSpanList,
): Promise<ProviderPage> {
  const first = days[0];
  if (first === undefined) return { items: [], schema: list.path };
  const cursor = request.cursor === undefined ? { day: first, page: 1 } : decodeMotiveCursor(request.cursor, true);
  const spanStart = days.indexOf(cursor.day ?? first);
  if (spanStart < 0 || spanStart % list.spanDays !== 0) {
    throw new ProviderError("malformed", `${PROVIDER}: the cursor's day does not start a span of the window.`);
  }
  const span = days.slice(spanStart, spanStart + list.spanDays);
  const client = MotiveClient.of(request.context, request.credentials);
  let answer: Awaited<ReturnType<MotiveClient["list"]>>;
  try {
    answer = await client.list(
      list.path,
      list.keys,
      { start_date: span[0], end_date: span.at(-1) },
      { no: cursor.page, perPage: perPage(request.pageSize) },
    );
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return {
      items: [],
      schema: list.path,
      issues: [missingPermissions(`${error.message} ${list.what} were not read.`)],
    };
  }
  const nextSpan = days[spanStart + list.spanDays];
  const next = answer.hasMore
    ? { day: span[0]!, page: cursor.page + 1 }
    : nextSpan !== undefined
      ? { day: nextSpan, page: 1 }
      : undefined;
  return {
    items: answer.items,
    schema: list.path,
    ...(next ? { nextCursor: encodeMotiveCursor(next) } : {}),
  };
}
