import { z } from "@hono/zod-openapi";
import type { DutyStatus } from "../../../hos/duty-status";
import type { IssueCode, NormalizedHosLog } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import { DAY_MS, isoDay, requireWindow, type TimeWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { PROVIDER } from "../client";
import { type MotiveDutyType, motiveDutyEvent } from "../hos-payloads";
import { perPage } from "../listing";
import { readLogPage } from "../logs";
import { iso } from "../values";

/** Duty-status changes, at the adapter's one conservative pace (providers.md 2.3). */
export const motiveHosLogs: ProviderModel<"hosLogs"> = { pace: "api", read: readHosLogs, normalize: mapDutyEvent };

/** Motive's duty event types → duty statuses (providers-families.md 4.3). */
export const DUTY_STATUS_OF: Readonly<Record<MotiveDutyType, DutyStatus>> = {
  off_duty: "off_duty",
  on_duty: "on_duty",
  sleeper: "sleeper_bed",
  driving: "driving",
  yard_move: "yard_move",
  personal_conveyance: "personal_conveyance",
  waiting: "waiting_time",
};

const dutyStatusOf = (type: string): DutyStatus | undefined =>
  Object.hasOwn(DUTY_STATUS_OF, type) ? DUTY_STATUS_OF[type as MotiveDutyType] : undefined;

/**
 * A page of logs holds about this many duty-status changes per log (a driver-day: a few, a
 * busy one more), so that a page of logs split into its changes stays near the page size.
 */
const CHANGES_PER_LOG = 10;

/**
 * The duty-status changes that overlap the window: those that began in it and the one each
 * driver was in when it began, so that a status still under way at one sync (no `end_time`) is
 * read again, ended, by the next. Motive has them only inside drivers' log days, whose dates are
 * the drivers' home-terminal days (UTC−12 to UTC+14), so the logs of the window's days and of
 * the day on either side are read, which holds every change that overlaps it; only those are
 * kept. A change under way at midnight may be in the logs of both days: a page keeps it once
 * (read again on a later page, it is the same record, which the store upserts).
 */
async function readHosLogs(request: ReadRequest): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, "hosLogs", request.window);
  const dates = { from: isoDay(window.start.getTime() - DAY_MS), to: isoDay(window.end.getTime()) };
  const logs = await readLogPage(
    request,
    dates,
    perPage(Math.ceil(request.pageSize / CHANGES_PER_LOG)),
    "Duty-status logs",
  );
  const { items, unknownTypes } = dutyEventsIn(logs.items, window);
  const issues: { code: IssueCode; message: string }[] = [...(logs.issues ?? [])];
  if (unknownTypes.size) issues.push(unknownTypesIssue(unknownTypes));
  return { ...logs, items, ...(issues.length ? { issues } : {}) };
}

/**
 * A log's changes, each as one self-contained payload: Motive's event beside its log's id, day,
 * driver and vehicles. A log whose events cannot be read is returned as it is, so that
 * normalize rejects it and the sync reports it.
 */
export function dutyEventsOfLog(log: unknown): unknown[] {
  const parsed = logEvents.safeParse(log);
  if (!parsed.success) return [log];
  const { id, date, driver, vehicles, events } = parsed.data;
  return events.map(({ event }) => ({ log_id: id, log_date: date, driver, vehicles: vehicles ?? null, event }));
}

// Only the events must be there to split a log: what each change needs of its log, normalize checks.
const logEvents = z.object({
  id: z.unknown().optional(),
  date: z.unknown().optional(),
  driver: z.unknown().optional(),
  vehicles: z.unknown().optional(),
  events: z.array(z.object({ event: z.unknown() })),
});

const eventTimes = z.object({
  event: z.object({
    id: z.unknown(),
    type: z.string(),
    start_time: z.iso.datetime({ offset: true }),
    end_time: z.iso.datetime({ offset: true }).nullish(),
  }),
});

/**
 * The changes of a page of logs that overlap the window, each once, and the number of events
 * of each type that is no duty status (left out). A change whose times cannot be read is kept:
 * normalize rejects it and the sync reports it.
 */
export function dutyEventsIn(
  logs: readonly unknown[],
  window: TimeWindow,
): { items: unknown[]; unknownTypes: Map<string, number> } {
  const start = window.start.getTime();
  const end = window.end.getTime();
  const items: unknown[] = [];
  const seen = new Set<string>();
  const unknownTypes = new Map<string, number>();
  for (const item of logs.flatMap(dutyEventsOfLog)) {
    const parsed = eventTimes.safeParse(item);
    if (!parsed.success) {
      items.push(item);
      continue;
    }
    const { id, type, start_time, end_time } = parsed.data.event;
    const overlaps = Date.parse(start_time) < end && (!end_time || Date.parse(end_time) > start);
    const key = String(id);
    if (!overlaps || seen.has(key)) continue;
    seen.add(key);
    if (dutyStatusOf(type)) items.push(item);
    else unknownTypes.set(type, (unknownTypes.get(type) ?? 0) + 1);
  }
  return { items, unknownTypes };
}

function unknownTypesIssue(types: ReadonlyMap<string, number>): { code: IssueCode; message: string } {
  const listed = [...types].map(([type, count]) => `${count} "${type}"`).join(", ");
  return {
    code: "inaccessible_data",
    message: `${PROVIDER} logs had events of types that are not duty statuses this service maps (${listed}); they were left out.`,
  };
}

/**
 * A duty-status change → a duty-status log: its type as a duty status, its driver, the vehicle
 * when its log names exactly one (Motive does not say which of a day's vehicles a change was
 * made in), its notes as its one remark (Motive gives them no time of their own), and its times
 * (no end while it lasts). Its `location` is a place name, not coordinates: the log has none (the
 * name stays in the raw payload). Co-drivers are left out: Motive names them
 * (`co_driver_full_names`) without their ids.
 */
export function mapDutyEvent(payload: unknown): NormalizedHosLog {
  const { driver, vehicles, event } = parsePayload(PROVIDER, motiveDutyEvent, payload, "log event");
  const status = dutyStatusOf(event.type);
  if (!status) {
    throw new ProviderError("malformed", `${PROVIDER}: log event ${event.id} is a "${event.type}", not a duty status.`);
  }
  const vehicle = vehicles?.length === 1 ? vehicles[0]!.vehicle : undefined;
  const notes = nonBlank(event.notes);
  return {
    sourceId: String(event.id),
    status,
    driverSourceId: String(driver.id),
    ...(vehicle ? { vehicleSourceId: String(vehicle.id) } : {}),
    ...(notes ? { remarks: [{ notes }] } : {}),
    startedAt: iso(event.start_time),
    ...(event.end_time ? { endedAt: iso(event.end_time) } : {}),
  };
}
