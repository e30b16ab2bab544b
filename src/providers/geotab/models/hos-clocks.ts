import { z } from "@hono/zod-openapi";
import type { NormalizedHosClock } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { cursorCodec } from "../../kit/cursor";
import { parsePayload } from "../../kit/parse";
import type { HosClockSource, LiveReadRequest, ProviderPage } from "../../types";
import { type GeotabClient, PROVIDER } from "../client";
import { geotabDutyStatusAvailability } from "../hos-payloads";
import { geotabClient } from "../login";
import { compare, limitOf } from "../paging";
import { parseTimeSpan } from "../timespan";

/**
 * Geotab's own HOS clocks: `Get DutyStatusAvailability`, which MyGeotab computes on request for
 * one driver (`userSearch.id` is required), read live in MyGeotab's one pace for calls
 * (providers.md 3.3). It carries no duty status: the clocks have none.
 */
export const geotabHosClocks: HosClockSource = {
  pace: "calls",
  byDriver: true,
  read: (request) => readHosClocks(geotabClient(request), request),
  normalize: mapHosClock,
};

const SCHEMA = "geotab.DutyStatusAvailability";

/**
 * The most drivers asked in one ExecuteMultiCall. Geotab publishes no limit; its own API adapter
 * batches 100. Each answer is computed on request (slower than stored records, that adapter
 * notes), so half that keeps one request well inside the provider timeout.
 */
const DRIVERS_PER_CALL = 50;

/**
 * The cursor: the last driver done (drivers go in id order), so that a list of drivers that
 * changes between two pages neither repeats nor skips the others. Written by this module alone
 * (this listing is no synced model, which cursor.ts is keyed by), in the same form.
 */
const cursors = cursorCodec({
  provider: PROVIDER,
  write: (cursor) => cursor,
  read: z.object({ k: z.literal("after"), m: z.literal("hosAvailableTime"), id: z.string().min(1).max(512) }),
});

/**
 * One page of clocks: the next few of the connection's drivers after the cursor, in id order,
 * one `Get DutyStatusAvailability` each, in one ExecuteMultiCall (GeotabClient.getEach).
 * Each answer is a list with the driver's one availability, handed on as sent; an empty answer
 * (a driver Geotab keeps no hours for) leaves the driver out.
 */
async function readHosClocks(
  client: GeotabClient,
  request: LiveReadRequest & { cursor?: string; drivers: readonly string[] },
): Promise<ProviderPage> {
  const after = request.cursor === undefined ? undefined : cursors.decode(request.cursor).id;
  const ids = [...new Set(request.drivers)]
    .filter((id) => id !== "" && (after === undefined || compare(id, after) > 0))
    .sort(compare);
  const batch = ids.slice(0, Math.min(DRIVERS_PER_CALL, limitOf(request.pageSize)));
  const answers = await client.getEach(
    batch.map((id) => ({ typeName: "DutyStatusAvailability", search: { userSearch: { id } } })),
  );
  const items = answers.flatMap((answer) => (answer.length > 0 ? [answer[0]] : []));
  const last = batch.at(-1);
  return {
    items,
    schema: SCHEMA,
    ...(last !== undefined && ids.length > batch.length
      ? { nextCursor: cursors.encode({ k: "after", m: "hosAvailableTime", id: last }) }
      : {}),
  };
}

/**
 * A DutyStatusAvailability → the driver's clocks: drive ← `driving`, shift ← `duty` (on-duty
 * time left in the day), cycle ← `cycle`, break ← `rest` (time until a break is due), each
 * TimeSpan in whole ms. A negative span is a driver in violation: nothing left, 0 (the raw
 * payload keeps Geotab's figure).
 */
export function mapHosClock(payload: unknown): NormalizedHosClock {
  const availability = parsePayload(PROVIDER, geotabDutyStatusAvailability, payload, "DutyStatusAvailability");
  const left = (field: "driving" | "duty" | "cycle" | "rest"): number => {
    const ms = parseTimeSpan(availability[field]);
    // The schema admits only TimeSpans; this keeps the mapping total should the two drift apart.
    if (ms === undefined)
      throw new ProviderError("malformed", `Geotab: DutyStatusAvailability ${field} is no TimeSpan.`);
    return Math.max(0, Math.round(ms));
  };
  return {
    driverSourceId: availability.driver.id,
    drive: left("driving"),
    shift: left("duty"),
    cycle: left("cycle"),
    break: left("rest"),
  };
}
