import { controlDatabase } from "../db/databases";
import { purgeEndedSessions } from "../domain/dashboard/sessions";
import { resendStalledDeliveries } from "../domain/deliveries/recover";
import { scheduleDeliveries } from "../domain/deliveries/schedule";
import { purgeExpiredIdempotencyKeys } from "../domain/idempotency/keys";
import { purgeExpiredLinkSessions } from "../domain/link/sessions";
import type { Env } from "../env";
import { scheduleTiering } from "../timeseries/archive/schedule";
import { runDeletionSweep } from "./deletion-sweep";
import { reconcile } from "./reconcile";

/** The cron expression of the deletion sweep (wrangler.toml [triggers]). */
export const DELETION_SWEEP_CRON = "*/5 * * * *";
/** The cron expression of the recovery sweep: owed syncs and webhook deliveries (wrangler.toml [triggers]). */
export const RECONCILE_CRON = "* * * * *";
/** The cron expression of the time series' tiering: retention and archive, hourly (wrangler.toml [triggers]). */
export const SERIES_TIERING_CRON = "23 * * * *";

/** One scheduled entry point: dispatches on the cron expression to one job per schedule. */
export async function handleScheduled(
  controller: ScheduledController,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  switch (controller.cron) {
    case DELETION_SWEEP_CRON:
      await runDeletionSweep(env);
      // Hosted-flow sessions live an hour; the expired ones go a day later.
      await purgeExpiredLinkSessions(controlDatabase(env));
      // Idempotency keys are kept 24 hours.
      await purgeExpiredIdempotencyKeys(controlDatabase(env));
      // Dashboard sessions a day after they ended.
      await purgeEndedSessions(controlDatabase(env));
      return;
    case RECONCILE_CRON:
      await reconcile(env);
      // Deliveries whose next unit was lost, and those the destinations' schedules owe.
      await resendStalledDeliveries(env);
      await scheduleDeliveries(env);
      return;
    case SERIES_TIERING_CRON:
      await scheduleTiering(env);
      return;
    default:
      console.error(JSON.stringify({ level: "error", message: "unknown cron", cron: controller.cron }));
  }
}
