import type { NormalizedHosLog } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { nextAfter, PROVIDER } from "../client";
import { SAMSARA_DUTY_STATUS_OF, samsaraHosLogItem } from "../hos-payloads";
import { next, samsaraPages } from "../listing";
import { samsaraListEnvelope } from "../payloads";
import { optional, readTime } from "../values";

/**
 * `GET /fleet/hos/logs` over the window: Samsara's logs "between" `startTime` and `endTime`,
 * read as the duty statuses that overlap the window (the one under way at its start included;
 * the docs do not say so in as many words), so a status still under way at one sync is read
 * again, ended, by the next. Samsara lists them grouped by driver (a driver's logs may go on
 * over the next page); each log becomes one payload with its driver. Its own 5 requests/s tier
 * (providers-families.md 1.3).
 */
export const samsaraHosLogs: ProviderModel<"hosLogs"> = {
  pace: "hosLogs",
  read: samsaraPages("hosLogs", "samsara.fleet.hos.logs", async (client, input) => {
    const window = requireWindow(PROVIDER, "hosLogs", input.window);
    const body = await client.get(
      "/fleet/hos/logs",
      { startTime: window.start.toISOString(), endTime: window.end.toISOString(), after: input.cursor?.after },
      samsaraListEnvelope,
    );
    const after = nextAfter(body.pagination);
    return { items: body.data.flatMap(logItemsOf), ...next(after && { model: "hosLogs", after }) };
  }),
  normalize: mapHosLog,
};

/**
 * A driver's group → one `{ driver, hosLog }` per log. A group that is not readable as one is
 * passed on whole, for `normalize` to refuse as malformed.
 */
export function logItemsOf(group: unknown): unknown[] {
  const { driver, hosLogs } = (group ?? {}) as { driver?: unknown; hosLogs?: unknown };
  if (!Array.isArray(hosLogs)) return [group];
  return hosLogs.map((hosLog) => ({ driver, hosLog }));
}

/**
 * A duty status. Samsara's logs have no id: a driver is in one status at a time, so the driver
 * and the instant the status began identify it, and stay the same when the log is read again
 * once it has ended (`logEndTime` is the only part that changes).
 */
export function mapHosLog(payload: unknown): NormalizedHosLog {
  const { driver, hosLog: log } = parsePayload(PROVIDER, samsaraHosLogItem, payload, "HOS log");
  const startedAt = readTime(log.logStartTime);
  const codrivers = (log.codrivers ?? []).map((codriver) => codriver.id);
  const remark = nonBlank(log.remark);
  const location = log.logRecordedLocation;
  return {
    sourceId: hosLogSourceId(driver.id, startedAt),
    status: SAMSARA_DUTY_STATUS_OF[log.hosStatusType],
    driverSourceId: driver.id,
    ...optional("vehicleSourceId", nonBlank(log.vehicle?.id)),
    ...(codrivers.length ? { codriverSourceIds: codrivers } : {}),
    ...(location ? { location: { latitude: location.latitude, longitude: location.longitude } } : {}),
    // Samsara does not say when the remark was written: its text only.
    ...(remark ? { remarks: [{ notes: remark }] } : {}),
    startedAt,
    ...optional("endedAt", log.logEndTime ? readTime(log.logEndTime) : undefined),
  };
}

/** The id of a driver's status beginning at an instant (ISO 8601 UTC, so one instant is one id). */
export const hosLogSourceId = (driverSourceId: string, startedAt: string) => `${driverSourceId}:${startedAt}`;
