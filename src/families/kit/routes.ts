import type { OpenAPIHono, RouteConfig, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { ConnectionRow } from "../../db/schema";
import { decodedRows } from "../../db/tolerant-rows";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { presentPage, presentRecord } from "../../http/present-rows";
import { DEFAULT_PAGE_SIZE, readCursor } from "../../http/schemas/pagination";
import type { RecordListFilters } from "./read";
import { type Expansions, loadExpanded, type Reads } from "./reads";

/**
 * A route of a family: the tag the API reference files it under, and how to add it to an app
 * behind the middleware that enforces its security (the API's, passed in: families do not
 * import the request pipeline, which calls domain services).
 */
export type FamilyRoute = {
  tag: string;
  register: (app: OpenAPIHono<AppEnv>, middleware: readonly MiddlewareHandler<AppEnv>[], hooks: ReadHooks) => void;
};

/**
 * Work some reads need before they read, given by the API (families do not import the domain
 * services that do it).
 */
export type ReadHooks = {
  /** Brings the connection's latest vehicle locations up to date (domain/latest-locations/refresh.ts). */
  freshenLatestLocations: (c: Context<AppEnv>) => Promise<void>;
  /** The same for the connection's latest trailer locations. */
  freshenLatestTrailerLocations: (c: Context<AppEnv>) => Promise<void>;
  /** Reads the provider's hours-of-service clocks again when stale (domain/hos-clocks/refresh.ts). */
  freshenHosClocks: (c: Context<AppEnv>) => Promise<void>;
};

/** A list's query: `limit` is absent from a route whose pages have a size of its own (`pageSize`). */
type ListQuery = { cursor?: string; limit?: number; raw: boolean; expand?: string };
type GetQuery = { raw: boolean; expand?: string };
type FamilyRouteConfig = RouteConfig & { operationId: string; tags: string[] };
type ListRouteConfig = FamilyRouteConfig & { request: { query: z.ZodType<ListQuery> } };

/**
 * A list route of a family: the query's filters bind the cursor (with the route and the
 * connection), the page is read, the records its rows reference are loaded for `expand`, and
 * every row is presented and parsed by the record's schema (http/present-rows.ts: a row that
 * cannot be is left out and reported).
 */
export function listRoute<R extends ListRouteConfig, Row, Filters, X extends Expansions<Row>, S extends z.ZodType>(
  route: R,
  reads: Reads<Row, Filters, X, S>,
  /** The read's filters, from the query (and the connection's settings, for reads they shape). */
  filtersOf: (query: z.output<R["request"]["query"]>, connection: ConnectionRow) => Filters,
  options: {
    /** Work before the read (bringing a live snapshot up to date), once the request is known to be valid. */
    beforeRead?: (c: Context<AppEnv>, hooks: ReadHooks) => Promise<void>;
    /** The size of its pages, for a route whose query takes no `limit` (its description says it). */
    pageSize?: (query: z.output<R["request"]["query"]>) => number;
  } = {},
): FamilyRoute {
  const register: FamilyRoute["register"] = (app, middleware, hooks) =>
    // Typed by the route's own schemas where it is created; here any route of the family's shape.
    app.openapi({ ...(route as ListRouteConfig), middleware: [...middleware] }, async (c) => {
      const query = c.req.valid("query") as z.output<R["request"]["query"]>;
      const { connection } = c.var;
      const db = c.var.data;
      const filters = filtersOf(query, connection);
      const order = reads.order?.(filters);
      const scope = `${route.operationId}|${connection.id}|${order === undefined ? "" : `${order}|`}${JSON.stringify(filters)}`;
      const after = await readCursor(c.env.ENCRYPTION_KEY, scope, query.cursor);
      await options.beforeRead?.(c, hooks);
      const limit = options.pageSize?.(query) ?? query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await reads.list(db, connection.id, filters, { limit, after, raw: query.raw });
      const pageRows = decodedRows(rows.slice(0, limit));
      const expanded = await loadExpanded(db, connection.id, reads.expand, query.expand, pageRows);
      const page = await presentPage(rows, {
        table: reads.table,
        item: reads.schema,
        limit,
        secret: c.env.ENCRYPTION_KEY,
        scope,
        keyOf: (row) => reads.keyOf(row, filters),
        present: (row) => reads.present(row, { raw: query.raw, expanded }),
      });
      return c.json(page, 200);
    });
  return { tag: route.tags[0]!, register };
}

/**
 * A get route of a family: one record of the connection by id, whatever its visibility, with
 * the records it references loaded for `expand`; not found in this connection is a 404.
 */
export function getRoute<Row extends { id: string }, Filters, X extends Expansions<Row>, S extends z.ZodType>(
  route: FamilyRouteConfig,
  reads: Reads<Row, Filters, X, S> & Required<Pick<Reads<Row, Filters, X, S>, "get">>,
  noun: string,
): FamilyRoute {
  const register: FamilyRoute["register"] = (app, middleware) =>
    app.openapi({ ...route, middleware: [...middleware] }, async (c) => {
      const { id } = c.req.valid("param" as never) as { id: string };
      const { raw, expand } = c.req.valid("query" as never) as GetQuery;
      const { connection } = c.var;
      const db = c.var.data;
      const row = await reads.get(db, connection.id, id, raw);
      if (!row) throw new ApiError("not_found", `No ${noun} with this id in this connection.`);
      const expanded = await loadExpanded(db, connection.id, reads.expand, expand, [row]);
      const body = await presentRecord(reads.table, row.id, reads.schema, () => reads.present(row, { raw, expanded }));
      return c.json(body, 200);
    });
  return { tag: route.tags[0]!, register };
}

/** A date-time query parameter as a Date. */
export const toDate = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** The filters every list of synced records takes (`hidden` where the family has connection filters). */
export const recordFilters = (query: {
  hidden?: boolean;
  deleted?: boolean;
  modifiedAfter?: string;
  modifiedBefore?: string;
}): RecordListFilters => ({
  hidden: query.hidden,
  deleted: query.deleted,
  modifiedAfter: toDate(query.modifiedAfter),
  modifiedBefore: toDate(query.modifiedBefore),
});
