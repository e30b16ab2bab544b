import { z } from "@hono/zod-openapi";
import type { ProviderPage, ReadRequest } from "../types";
import { MOTIVE_METRIC_UNITS, MotiveClient, MotiveForbiddenError } from "./client";
import { decodeMotiveCursor, encodeMotiveCursor } from "./cursor";
import { missingPermissions, perPage } from "./listing";

/** A record Motive has never located has `current_location: null`: it has no latest location to store. */
const located = z.object({ current_location: z.record(z.string(), z.unknown()) });

/**
 * A page of a live location snapshot (vehicles' or assets'): each located record, untouched,
 * as `{ metric_units, <item>: record }` (the unit system asked for beside it). A 403 (the key
 * may not read them) is an issue, and the sync goes on without them.
 */
export async function readLocatedSnapshot(
  request: ReadRequest,
  source: { path: string; list: string; item: string; what: string },
): Promise<ProviderPage> {
  const client = MotiveClient.of(request.context, request.credentials);
  const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
  let answer: Awaited<ReturnType<MotiveClient["list"]>>;
  try {
    answer = await client.list(
      source.path,
      { list: source.list, item: source.item },
      {},
      { no: page, perPage: perPage(request.pageSize) },
    );
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return {
      items: [],
      schema: source.path,
      issues: [missingPermissions(`${error.message} ${source.what} were not read.`)],
    };
  }
  return {
    items: answer.items
      .filter((record) => located.safeParse(record).success)
      .map((record) => ({ metric_units: MOTIVE_METRIC_UNITS, [source.item]: record })),
    schema: source.path,
    ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}),
  };
}
