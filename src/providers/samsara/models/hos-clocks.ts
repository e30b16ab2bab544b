import { z } from "@hono/zod-openapi";
import type { NormalizedHosClock } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { cursorCodec } from "../../kit/cursor";
import { parsePayload } from "../../kit/parse";
import type { HosClockSource, ProviderPage } from "../../types";
import { nextAfter, PROVIDER, SamsaraClient, SamsaraForbiddenError, samsaraCredentials } from "../client";
import { SAMSARA_DUTY_STATUS_OF, type SamsaraHosStatus, samsaraHosClock } from "../hos-payloads";
import { listLimit } from "../listing";
import { samsaraListEnvelope } from "../payloads";

const SCHEMA = "samsara.fleet.hos.clocks";

/**
 * The clocks' page cursor: Samsara's `endCursor`, marked as this listing's. Not a SamsaraCursor
 * (cursor.ts), whose listings are the synced models: the clocks are read live, never synced.
 */
const clockCursor = cursorCodec<string>({
  provider: PROVIDER,
  write: (after) => ({ v: 1, m: "hosAvailableTime", a: after }),
  read: z.object({ v: z.literal(1), m: z.literal("hosAvailableTime"), a: z.string().min(1) }).transform(({ a }) => a),
});

/**
 * `GET /fleet/hos/clocks`: the clocks Samsara computes now, one item per driver, every driver
 * of the organization (inactive ones too), paged with `limit` (at most 512) and `after`; the
 * connection's drivers are not asked for, since the listing has them all. In the HOS logs' 5
 * requests/s bucket: the docs give the clocks no tier of their own, and both are ELD reads. A
 * 403 (a token without the ELD scope) is ProviderError("not_supported"), not an issue on an
 * empty page as in the synced listings: a live read has no sync to carry the issue, and an empty
 * last page would say the connection has no drivers' clocks.
 */
export const samsaraHosClocks: HosClockSource = {
  pace: "hosLogs",
  read: async (request): Promise<ProviderPage> => {
    const client = new SamsaraClient(samsaraCredentials(request.credentials), request.context);
    const after = request.cursor === undefined ? undefined : clockCursor.decode(request.cursor);
    try {
      const body = await client.get(
        "/fleet/hos/clocks",
        { limit: listLimit(request.pageSize), after },
        samsaraListEnvelope,
      );
      const next = nextAfter(body.pagination);
      return { items: body.data, schema: SCHEMA, ...(next ? { nextCursor: clockCursor.encode(next) } : {}) };
    } catch (error) {
      if (!(error instanceof SamsaraForbiddenError)) throw error;
      throw new ProviderError("not_supported", `${error.message} The drivers' clocks were not read.`);
    }
  },
  normalize: mapHosClock,
};

/**
 * A driver's clocks: Samsara's milliseconds left, whole, and none below zero (a driver over a
 * limit has nothing left; the payload keeps by how much). No current status while the driver's
 * app is disconnected (an empty `hosStatusType`), nor for a status this service does not know:
 * the clocks are still right without it.
 */
export function mapHosClock(payload: unknown): NormalizedHosClock {
  const { driver, currentDutyStatus, clocks } = parsePayload(PROVIDER, samsaraHosClock, payload, "HOS clock");
  const type = currentDutyStatus?.hosStatusType ?? "";
  const status = Object.hasOwn(SAMSARA_DUTY_STATUS_OF, type)
    ? SAMSARA_DUTY_STATUS_OF[type as SamsaraHosStatus]
    : undefined;
  return {
    driverSourceId: driver.id,
    ...(status ? { currentStatus: status } : {}),
    drive: left(clocks.drive.driveRemainingDurationMs),
    shift: left(clocks.shift.shiftRemainingDurationMs),
    cycle: left(clocks.cycle.cycleRemainingDurationMs),
    break: left(clocks.break.timeUntilBreakDurationMs),
  };
}

const left = (ms: number) => Math.max(0, Math.round(ms));
