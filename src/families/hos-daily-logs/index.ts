import type { Family } from "../family";
import { listHosDailyLogsRoute } from "./list";
import { hosDailyLogs } from "./table";
import { writeHosDailyLogs } from "./write";

/** Drivers' days of hours of service: read by time window, listed in date order. */
export const hosDailyLogsFamily = {
  model: "hosDailyLogs",
  table: hosDailyLogs,
  write: writeHosDailyLogs,
  routes: { list: listHosDailyLogsRoute },
} satisfies Family<"hosDailyLogs">;
