import type { NormalizedLocationBatch } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { PROVIDER, webfleetClient } from "../client";
import { decodeTracksCursor, encodeTracksCursor } from "../cursor";
import { ACTIONS } from "../pace";
import { objectRow, trackPayload } from "../payloads";
import { fromMicroDegrees, isoOf } from "../values";

/**
 * Breadcrumbs are `showTracks` of each vehicle over the window (10 a minute:
 * WEBFLEET_TRACKS_PER_MINUTE), one vehicle a page; the vehicles come from the object report on
 * the first page. Each payload is one point with the uid of the vehicle it was read for.
 */
export const webfleetVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: ACTIONS.tracks,
  read: readTracks,
  normalize: mapTrackPoint,
};

async function readTracks(request: ReadRequest): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, "vehicleLocations", request.window);
  const client = webfleetClient(request);
  const schema = `webfleet.${ACTIONS.tracks}`;
  const cursor = decodeTracksCursor(request.cursor);
  const ids = cursor?.ids ?? (await objectUids(await client.rows(ACTIONS.objects)));
  const index = cursor?.i ?? 0;
  const objectuid = ids[index];
  if (objectuid === undefined) return { items: [], schema };
  const rows = await client.rows(ACTIONS.tracks, {
    objectuid,
    range_pattern: "ud",
    rangefrom_string: window.start.toISOString(),
    rangeto_string: window.end.toISOString(),
  });
  const items = rows
    .filter((row) => {
      const time = Date.parse(String((row as { pos_time?: unknown } | null)?.pos_time ?? ""));
      return Number.isNaN(time) || (time >= window.start.getTime() && time < window.end.getTime());
    })
    .map((track) => ({ objectuid, track }));
  return { items, schema, ...(index + 1 < ids.length ? { nextCursor: encodeTracksCursor(ids, index + 1) } : {}) };
}

/** The uids of the listed objects, sorted (rows that do not validate are the vehicles model's to report). */
async function objectUids(rows: unknown[]): Promise<string[]> {
  const ids = rows.flatMap((row) => {
    const parsed = objectRow.safeParse(row);
    return parsed.success ? [parsed.data.objectuid] : [];
  });
  return [...new Set(ids)].sort();
}

/** One track point: micro-degrees to degrees, km/h as sent, `course` as the heading. */
export function mapTrackPoint(payload: unknown): NormalizedLocationBatch {
  const { objectuid, track } = parsePayload(PROVIDER, trackPayload, payload, ACTIONS.tracks);
  return {
    vehicleSourceId: objectuid,
    points: [
      {
        locatedAt: isoOf(track.pos_time, "pos_time of a track point"),
        location: fromMicroDegrees(track.latitude, track.longitude),
        ...(track.course != null && track.course >= 0 ? { heading: track.course % 360 } : {}),
        ...(track.speed != null && track.speed >= 0 ? { speed: round2(track.speed) } : {}),
      },
    ],
  };
}
