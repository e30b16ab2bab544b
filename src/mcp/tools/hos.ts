/**
 * Hours-of-service tools (GET /hos/logs, /hos/daily-logs, /hos/available-time). The available-time
 * tool also answers "who is about to run out of hours?": its `below` argument keeps, of the page
 * the route answered, the drivers with less time left than asked on any of the named clocks.
 */
import { z } from "@hono/zod-openapi";
import type { McpServer } from "@modelcontextprotocol/server";
import { ListHosAvailableTimeQuerySchema } from "../../families/hos-available-time/schema";
import { ListHosDailyLogsQuerySchema } from "../../families/hos-daily-logs/schema";
import { ListHosLogsQuerySchema } from "../../families/hos-logs/schema";
import { validationError } from "../../http/handle-error";
import type { McpSession } from "../session";
import { TOOL_ARGUMENTS_PATH } from "./input-schema";
import { pageSummary, registerApiTool } from "./kit";
import { idOf, itemLines } from "./lines";

type HosLogView = { driver: string | { id: string }; status: string; startedAt: string; endedAt?: string };
type DailyLogView = {
  driver: string | { id: string };
  date: string;
  statusDurations: { driving: number; onDuty: number };
};
type ClocksView = { driver: string | { id: string }; currentStatus?: string; availableTime: Record<Clock, number> };

/** A duration in milliseconds as hours and minutes, for the summaries (the structured answer keeps ms). */
export function hoursAndMinutes(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, "0")}`;
}

/** The clocks `below` may name: the fields of the route's `availableTime`. */
const CLOCKS = ["drive", "shift", "cycle"] as const;
type Clock = (typeof CLOCKS)[number];

const threshold = (clock: string) =>
  z.number().int().min(0).optional().describe(`Keep drivers with less than this many milliseconds of ${clock} left.`);

/** What `below` must be; checked by the tool itself, so a bad value answers the contract's bad_request. */
const BelowSchema = z
  .strictObject({
    drive: threshold("driving (`availableTime.drive`)"),
    shift: threshold("the 14-hour window (`availableTime.shift`)"),
    cycle: threshold("the 60/70-hour cycle (`availableTime.cycle`)"),
  })
  .refine((below) => CLOCKS.some((clock) => below[clock] !== undefined), {
    message: "Name at least one clock: drive, shift or cycle.",
  });
type Below = z.output<typeof BelowSchema>;

/**
 * The `below` argument as clients see it (BelowSchema's JSON Schema) but taking any value: the
 * SDK would answer a value it rejects with its own error text, where the tool answers bad_request
 * with the problems listed, as the REST API answers a bad query.
 */
const { $schema: _dialect, ...belowJsonSchema } = z.toJSONSchema(BelowSchema, { io: "input" });
const BelowArgument = z
  .unknown()
  .optional()
  .meta({
    ...belowJsonSchema,
    description:
      "Only the drivers with less time left than this on any of the clocks named (milliseconds), e.g. `{ drive: 3600000 }` for under an hour of driving. Filters the page the route answered; `next` still reads the following page.",
  });

function belowOf(value: unknown): Below | undefined {
  if (value === undefined) return undefined;
  const parsed = BelowSchema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, `${TOOL_ARGUMENTS_PATH}.below`);
  return parsed.data;
}

/** Whether a driver has less time left than `below` on any clock it names. */
const isBelow = (clocks: ClocksView, below: Below) =>
  CLOCKS.some((clock) => below[clock] !== undefined && clocks.availableTime[clock] < (below[clock] as number));

const describeClocks = (clocks: ClocksView) =>
  `- ${idOf(clocks.driver)} (${clocks.currentStatus ?? "status unknown"}): ${CLOCKS.map(
    (clock) => `${clock} ${hoursAndMinutes(clocks.availableTime[clock])}`,
  ).join(", ")} left`;

/** Hours of service of a connection's drivers. */
export function registerHosTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "hos_logs",
    title: "Hours-of-service logs",
    description:
      "The drivers' duty-status changes (off_duty, sleeper_bed, driving, on_duty, …) in start order, oldest first; a log lasts until `endedAt` (absent while it lasts). Filter by start time (`startedAfter`/`startedBefore`, ISO UTC), modification time and `driverIds`. Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListHosLogsQuerySchema,
    request: (args) => ({ method: "GET", path: "/hos/logs", query: args }),
    summary: (body) =>
      [
        pageSummary(body, "duty-status logs"),
        ...itemLines(
          (body as { results: HosLogView[] }).results,
          (log) => `- ${idOf(log.driver)}: ${log.status} from ${log.startedAt} to ${log.endedAt ?? "now"}`,
        ),
      ].join("\n"),
  });
  registerApiTool(server, session, {
    name: "hos_daily_logs",
    title: "Hours-of-service daily logs",
    description:
      "One record per driver and log day (`startDate`/`endDate`, YYYY-MM-DD, inclusive): time in each duty status (ms; a whole day's add up to 24 hours) and distances (km). Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListHosDailyLogsQuerySchema,
    request: (args) => ({ method: "GET", path: "/hos/daily-logs", query: args }),
    summary: (body) =>
      [
        pageSummary(body, "driver days"),
        ...itemLines(
          (body as { results: DailyLogView[] }).results,
          (day) =>
            `- ${idOf(day.driver)} ${day.date}: driving ${hoursAndMinutes(day.statusDurations.driving)}, on duty ${hoursAndMinutes(day.statusDurations.onDuty)}`,
        ),
      ].join("\n"),
  });
  registerApiTool(server, session, {
    name: "hos_available_time",
    title: "Drivers' available hours",
    description:
      "Each driver's hours-of-service clocks now (ms left): `drive` (driving before the 11-hour limit, 14-hour window or cycle stops them), `shift` (14-hour window), `cycle` (60/70-hour cycle), `break` (driving before a 30-minute break). `below` keeps the drivers about to run out, e.g. `{ drive: 3600000 }`. In driver id order; paged: pass the previous answer's `next` as `cursor` (with the same `below`).",
    scope: "connection",
    input: ListHosAvailableTimeQuerySchema.extend({ below: BelowArgument }),
    request: ({ below, ...query }) => {
      belowOf(below);
      return { method: "GET", path: "/hos/available-time", query };
    },
    refine: (body, args) => {
      const below = belowOf(args.below);
      if (!below) return body;
      const page = body as { results: ClocksView[] };
      return { ...page, results: page.results.filter((clocks) => isBelow(clocks, below)) };
    },
    summary: (body, args) => {
      const lines = itemLines((body as { results: ClocksView[] }).results, describeClocks);
      const head = pageSummary(body, args.below === undefined ? "drivers" : "drivers below the limits given");
      return [head, ...lines].join("\n");
    },
  });
}
