import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { listHosLogsRoute } from "./list";
import { hosLogReads } from "./read";
import { hosLogs } from "./table";
import { writeHosLogs } from "./write";

/** Duty-status logs: read by time window (the logs overlapping it), listed in start order. */
export const hosLogsFamily = {
  model: "hosLogs",
  table: hosLogs,
  write: writeHosLogs,
  tag: {
    name: "Hours of service",
    description: "Drivers' hours of service: duty-status logs, daily logs and the time they have left.",
  },
  delivery: syncedDelivery(hosLogReads),
  routes: { list: listHosLogsRoute },
} satisfies Family<"hosLogs">;
