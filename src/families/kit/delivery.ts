import type { z } from "@hono/zod-openapi";
import type { Database } from "../../db/client";
import type { Decoded } from "../../db/tolerant-rows";
import { presentPage } from "../../http/present-rows";
import { readCursor } from "../../http/schemas/pagination";
import type { CursorKey } from "../../lib/cursor";
import type { KeyPage, RecordListFilters } from "./read";
import type { Expansions, Reads } from "./reads";

/** One page of a connection's records of a family that changed in a window, as the API answers them. */
export type DeliveryPage = { records: unknown[]; next?: string };

/** Where a delivery reads a connection's records: its shard (through drizzle and bare), and the archive of its older series. */
export type DeliveryContext = {
  db: Database;
  d1: D1Database;
  archive: R2Bucket;
  connection: { id: string; provider: string };
};

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

/** How a family's changed records are read for a delivery, page after page. */
export type DeliveryRead = (context: DeliveryContext, request: DeliveryRequest) => Promise<DeliveryPage>;

/**
 * What a family gives deliveries (Family.delivery): its read, and how many times a part's usual
 * count of records a part of its records holds (`partScale`): parts are bounded in size, and a
 * breadcrumb is a tenth of a vehicle's bytes, so its parts hold ten times as many.
 */
export type DeliverySource = { read: DeliveryRead; partScale: number };

/** The modification window of a delivery's read: [from, to). */
export type DeliveryWindow = { from: Date; to: Date };

/** How the changed rows of a family kept one row per key are read and presented (keyedDelivery). */
export type KeyedDeliverySpec<Row, S extends z.ZodType> = {
  /** The table, as bad-row reports name it. */
  table: string;
  schema: S;
  /** `page.limit + 1` rows modified in the window, after `page.after`, in the order of `keyOf`. */
  listChanged: (db: Database, connectionId: string, window: DeliveryWindow, page: KeyPage) => Promise<Decoded<Row>[]>;
  keyOf: (row: Row) => CursorKey;
  present: (row: Row, raw: boolean) => unknown;
};

/**
 * The delivery source of a family whose rows are keyed (a record, a vehicle's latest location, a
 * vehicle-day): the rows modified in the window in key order, each presented and checked by the
 * API's own presenter and response schema, a row that cannot be presented reported and left out as
 * the API leaves it out. The cursor is sealed to the connection, the table and the window.
 */
export function keyedDelivery<Row, S extends z.ZodType>(spec: KeyedDeliverySpec<Row, S>): DeliverySource {
  const read: DeliveryRead = async ({ db, connection }, request) => {
    const scope = `delivery|${spec.table}|${connection.id}|${request.from.getTime()}|${request.to.getTime()}`;
    const after = await readCursor(request.secret, scope, request.cursor);
    const window = { from: request.from, to: request.to };
    const rows = await spec.listChanged(db, connection.id, window, { limit: request.limit, after, raw: request.raw });
    const page = await presentPage(rows, {
      table: spec.table,
      item: spec.schema,
      limit: request.limit,
      secret: request.secret,
      scope,
      keyOf: spec.keyOf,
      present: (row: Row) => spec.present(row, request.raw),
    });
    return { records: page.results, ...(page.next === undefined ? {} : { next: page.next }) };
  };
  return { read, partScale: 1 };
}

/**
 * The delivery source of a family of id-keyed synced records: the list route's own read and
 * presentation (so a delivered line is exactly what `GET` answers), over the records modified in
 * the window whatever their visibility (a record hidden by the connection's filters, or deleted at
 * the provider, is a change the destination must see too), without expansions.
 */
export function syncedDelivery<Row extends { id: string }, X extends Expansions<Row>, S extends z.ZodType>(
  reads: Reads<Row, RecordListFilters, X, S>,
): DeliverySource {
  const filtersOf = (window: DeliveryWindow): RecordListFilters => ({
    modifiedAfter: window.from,
    modifiedBefore: window.to,
    hidden: true,
    deleted: true,
  });
  return keyedDelivery<Row, S>({
    table: reads.table,
    schema: reads.schema,
    listChanged: (db, connectionId, window, page) => reads.list(db, connectionId, filtersOf(window), page),
    // The synced lists' keyset does not depend on the window.
    keyOf: (row) => reads.keyOf(row, { hidden: true, deleted: true }),
    present: (row, raw) => reads.present(row, { raw, expanded: {} }),
  });
}
