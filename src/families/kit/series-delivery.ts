import { readCursor } from "../../http/schemas/pagination";
import { encodeCursor } from "../../lib/cursor";
import { changedAfterKey, changedAfterOf, changedPoints } from "../../timeseries/changed-points";
import { seriesRandomPart } from "../../timeseries/point-ids";
import type { ReadPoint } from "../../timeseries/read";
import type { Sample } from "../../timeseries/store";
import type { DeliveryRead, DeliverySource } from "./delivery";

/** A point is about a tenth of a record's bytes (DeliverySource.partScale). */
const POINTS_PART_SCALE = 10;

/** What a series family's presenter needs beside the point: what its list route passes it. */
export type SeriesPointContext = { provider: string; vehicleId: string; idRandom: string; raw: boolean };

/**
 * The delivery source of a vehicle series family (breadcrumbs, stat logs): every point of its
 * series modified in the window, across the connection's vehicles, from both tiers
 * (timeseries/changed-points.ts), each presented as its list route presents it, so a delivered
 * line is what `GET /vehicles/{id}/…` answers. The cursor is sealed to the family, the connection
 * and the window.
 */
export function seriesDelivery<S extends Sample>(spec: {
  /** The family, as the cursor's scope names it. */
  name: string;
  series: readonly string[];
  present: (point: ReadPoint<S>, context: SeriesPointContext) => unknown;
}): DeliverySource {
  const read: DeliveryRead = async ({ d1, archive, connection }, request) => {
    const scope = `delivery|${spec.name}|${connection.id}|${request.from.getTime()}|${request.to.getTime()}`;
    const key = await readCursor(request.secret, scope, request.cursor);
    const changed = await changedPoints(
      {
        d1,
        archive,
        connectionId: connection.id,
        series: spec.series,
        from: request.from.getTime(),
        to: request.to.getTime(),
        raw: request.raw,
      },
      key === undefined ? undefined : changedAfterOf(key),
      request.limit,
    );
    // A point's id is derived from its vehicle and series (point-ids.ts): once per pair a page holds.
    const idRandoms = new Map<string, Promise<string>>();
    const idRandomOf = (vehicleId: string, series: string) => {
      const pair = `${vehicleId}|${series}`;
      const known = idRandoms.get(pair) ?? seriesRandomPart(vehicleId, series);
      idRandoms.set(pair, known);
      return known;
    };
    const records = await Promise.all(
      changed.points.map(async ({ vehicleId, point }) =>
        spec.present(point as ReadPoint<S>, {
          provider: connection.provider,
          vehicleId,
          idRandom: await idRandomOf(vehicleId, point.series),
          raw: request.raw,
        }),
      ),
    );
    if (!changed.next) return { records };
    return { records, next: await encodeCursor(request.secret, scope, changedAfterKey(changed.next)) };
  };
  return { read, partScale: POINTS_PART_SCALE };
}
