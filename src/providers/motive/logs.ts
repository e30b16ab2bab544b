import type { ProviderPage, ReadRequest } from "../types";
import { MotiveClient, MotiveForbiddenError } from "./client";
import { decodeMotiveCursor, encodeMotiveCursor } from "./cursor";
import { missingPermissions } from "./listing";

/** The raw entries' `schema` of both hours-of-service models: the endpoint their payloads came from. */
export const LOGS_SCHEMA = "/v1/logs";
const LOGS = { list: "logs", item: "log" };

/**
 * One page of drivers' log days, `GET /v1/logs` (providers-families.md 2.3): the logs whose
 * day is in `dates` (inclusive `YYYY-MM-DD`, which Motive matches on each log's own day), every
 * driver's, Motive's inner `log` objects untouched; the cursor is the next page's number. Both
 * hours-of-service models read this listing, so that a day's durations and its duty-status
 * changes come from the same records. A 403 (the key may not read logs) is an issue and
 * nothing is read: hours of service are an extra, like safety events.
 */
export async function readLogPage(
  request: ReadRequest,
  dates: { from: string; to: string },
  perPage: number,
  what: string,
): Promise<ProviderPage> {
  if (dates.from > dates.to) return { items: [], schema: LOGS_SCHEMA };
  const client = MotiveClient.of(request.context, request.credentials);
  const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
  try {
    const answer = await client.list(
      LOGS_SCHEMA,
      LOGS,
      { start_date: dates.from, end_date: dates.to },
      { no: page, perPage },
    );
    return {
      items: answer.items,
      schema: LOGS_SCHEMA,
      ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}),
    };
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return {
      items: [],
      schema: LOGS_SCHEMA,
      issues: [missingPermissions(`${error.message} ${what} were not read.`)],
    };
  }
}
