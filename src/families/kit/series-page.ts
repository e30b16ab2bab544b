import type { Context } from "hono";
import { connectionD1 } from "../../db/databases";
import type { AppEnv } from "../../env";
import { readCursor } from "../../http/schemas/pagination";
import { encodeCursor } from "../../lib/cursor";
import { type ReadPoint, readSeries } from "../../timeseries/read";
import type { Sample, SeriesCodec } from "../../timeseries/store";
import { requireVehicle, resolveWindow } from "./series-window";

/** Cursor key of a series page: the last point's time and series, and the window the first page resolved. */
type SeriesCursor = [t: number, series: string, start: number, end: number];

/**
 * One page of a vehicle's series for a request: the cursor read (bound to the route, the
 * connection, the vehicle and `scope`'s filters), the vehicle checked (404), the window resolved
 * on the first page and carried by the cursor, the points read from both tiers, and the next
 * cursor when more follow.
 */
export async function seriesPage<S extends Sample>(
  c: Context<AppEnv>,
  request: {
    operationId: string;
    vehicleId: string;
    /** The query's own filters, in the order points of one instant are listed. */
    series: readonly string[];
    codec: SeriesCodec<S>;
    query: { cursor?: string; limit: number; raw: boolean; startAt?: string; endAt?: string };
  },
): Promise<{ points: ReadPoint<S>[]; next?: string }> {
  const { connection } = c.var;
  const { query, vehicleId } = request;
  const scope = `${request.operationId}|${connection.id}|${vehicleId}|${request.series.join(",")}|${query.startAt ?? ""}|${query.endAt ?? ""}`;
  const after = (await readCursor(c.env.ENCRYPTION_KEY, scope, query.cursor)) as SeriesCursor | undefined;
  await requireVehicle(c.var.data, connection.id, vehicleId);
  const window = after ? { start: after[2], end: after[3] } : resolveWindow(query, Date.now());
  const read = await readSeries(
    { d1: connectionD1(c.env, connection), archive: c.env.SERIES_ARCHIVE },
    {
      connectionId: connection.id,
      vehicleId,
      series: request.series,
      codecOf: () => request.codec,
      ...window,
      ...(after ? { after: { t: after[0], series: after[1] } } : {}),
      count: query.limit + 1,
      raw: query.raw,
    },
  );
  const points = read.slice(0, query.limit);
  const last = points.at(-1);
  if (read.length <= query.limit || !last) return { points };
  const key: SeriesCursor = [last.sample.t, last.series, window.start, window.end];
  return { points, next: await encodeCursor(c.env.ENCRYPTION_KEY, scope, key) };
}
