import type { z } from "@hono/zod-openapi";
import type { Database } from "../../db/client";
import { presentPage } from "../../http/present-rows";
import { readCursor } from "../../http/schemas/pagination";
import type { RecordListFilters } from "./read";
import type { Expansions, Reads } from "./reads";

/** One page of a connection's records of a family that changed in a window, as the API answers them. */
export type DeliveryPage = { records: unknown[]; next?: string };

/** What a delivery asks of a family: the records modified in [from, to), page after page. */
export type DeliveryRequest = {
  from: Date;
  to: Date;
  /** The page after the one that answered it (opaque, sealed). */
  cursor?: string;
  limit: number;
  /** Each record with its provider payload, as `raw=true` answers it. */
  raw: boolean;
  /** The key cursors are sealed with (ENCRYPTION_KEY). */
  secret: string;
};

/** How a family's changed records are read for a delivery (Family.delivery). */
export type DeliverySource = (db: Database, connectionId: string, request: DeliveryRequest) => Promise<DeliveryPage>;

/**
 * The delivery source of a family of id-keyed synced records: the list route's own read and
 * presentation (so a delivered line is exactly what `GET` answers), over the records modified in
 * the window whatever their visibility (a record hidden by the connection's filters, or deleted at
 * the provider, is a change the destination must see too), without expansions.
 */
export function syncedDelivery<Row extends { id: string }, X extends Expansions<Row>, S extends z.ZodType>(
  reads: Reads<Row, RecordListFilters, X, S>,
): DeliverySource {
  return async (db, connectionId, request) => {
    const filters: RecordListFilters = {
      modifiedAfter: request.from,
      modifiedBefore: request.to,
      hidden: true,
      deleted: true,
    };
    const scope = `delivery|${reads.table}|${connectionId}|${request.from.getTime()}|${request.to.getTime()}`;
    const after = await readCursor(request.secret, scope, request.cursor);
    const rows = await reads.list(db, connectionId, filters, { limit: request.limit, after, raw: request.raw });
    const page = await presentPage(rows, {
      table: reads.table,
      item: reads.schema,
      limit: request.limit,
      secret: request.secret,
      scope,
      keyOf: (row: Row) => reads.keyOf(row, filters),
      present: (row: Row) => reads.present(row, { raw: request.raw, expanded: {} }),
    });
    return { records: page.results, ...(page.next === undefined ? {} : { next: page.next }) };
  };
}
