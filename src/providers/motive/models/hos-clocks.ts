import type { NormalizedHosClock } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { HosClockSource, ProviderPage } from "../../types";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "../client";
import { decodeMotiveCursor, encodeMotiveCursor } from "../cursor";
import { type MotiveDutyType, motiveAvailableTime } from "../hos-payloads";
import { perPage } from "../listing";
import { DUTY_STATUS_OF } from "./hos-logs";

const PATH = "/v1/available_time";
const USERS = { list: "users", item: "user" };

/**
 * `GET /v1/available_time`: the clocks Motive computes at the request ("accurate to the
 * second"), one `user` per driver, every driver of the company, paged by `per_page` and
 * `page_no` like Motive's other lists; the connection's drivers are not asked for
 * (`driver_ids[]`), since the listing has them all. At the adapter's one pace (providers.md
 * 2.3). A 403 (a key that may not read hours of service) is ProviderError("not_supported"), as
 * for live camera media, not an issue on an empty page as in the synced logs: a live read has no
 * sync to carry the issue, and an empty last page would say the company has no drivers' clocks.
 */
export const motiveHosClocks: HosClockSource = {
  pace: "api",
  read: async (request): Promise<ProviderPage> => {
    const client = MotiveClient.of(request.context, request.credentials);
    const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
    try {
      const answer = await client.list(PATH, USERS, {}, { no: page, perPage: perPage(request.pageSize) });
      return {
        items: answer.items,
        schema: PATH,
        ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}),
      };
    } catch (error) {
      if (!(error instanceof MotiveForbiddenError)) throw error;
      throw new ProviderError("not_supported", `${error.message} The drivers' clocks were not read.`);
    }
  },
  normalize: mapAvailableTime,
};

/**
 * A driver's clocks: Motive's seconds left as whole ms, none below zero (a driver over a limit
 * has nothing left; the payload keeps by how much). No current status when Motive gives none or
 * one this service does not know: the clocks are still right without it.
 */
export function mapAvailableTime(payload: unknown): NormalizedHosClock {
  const user = parsePayload(PROVIDER, motiveAvailableTime, payload, "available time");
  const type = user.duty_status ?? "";
  const status = Object.hasOwn(DUTY_STATUS_OF, type) ? DUTY_STATUS_OF[type as MotiveDutyType] : undefined;
  const { drive, shift, cycle, break: untilBreak } = user.available_time;
  return {
    driverSourceId: String(user.id),
    ...(status ? { currentStatus: status } : {}),
    drive: left(drive),
    shift: left(shift),
    cycle: left(cycle),
    break: left(untilBreak),
  };
}

const left = (seconds: number) => Math.max(0, Math.round(seconds * 1000));
