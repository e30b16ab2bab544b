import type { Env } from "../env";
import { runDeletionSweep } from "./deletion-sweep";

/** The cron expression of the deletion sweep (wrangler.toml [triggers]). */
export const DELETION_SWEEP_CRON = "*/5 * * * *";

/** One scheduled entry point: dispatches on the cron expression to one job per schedule. */
export async function handleScheduled(
  controller: ScheduledController,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  switch (controller.cron) {
    case DELETION_SWEEP_CRON:
      await runDeletionSweep(env);
      return;
    default:
      console.error(JSON.stringify({ level: "error", message: "unknown cron", cron: controller.cron }));
  }
}
