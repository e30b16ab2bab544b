import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { listHosDailyLogsRoute } from "./list";
import { hosDailyLogReads } from "./read";
import { hosDailyLogs } from "./table";
import { writeHosDailyLogs } from "./write";

/** Drivers' days of hours of service: read by time window, listed in date order. */
export const hosDailyLogsFamily = {
  model: "hosDailyLogs",
  table: hosDailyLogs,
  write: writeHosDailyLogs,
  delivery: syncedDelivery(hosDailyLogReads),
  routes: { list: listHosDailyLogsRoute },
} satisfies Family<"hosDailyLogs">;
