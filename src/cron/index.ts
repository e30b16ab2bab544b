import type { Env } from "../env";

/** The cron expression of the deletion sweep (wrangler.toml [triggers]). */
export const DELETION_SWEEP_CRON = "*/5 * * * *";

/** One scheduled entry point: dispatches on the cron expression to one job per schedule. */
export async function handleScheduled(
  controller: ScheduledController,
  _env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  switch (controller.cron) {
    case DELETION_SWEEP_CRON:
      // The deletion sweep (src/cron/deletion-sweep.ts) is wired here.
      return;
    default:
      console.error(JSON.stringify({ level: "error", message: "unknown cron", cron: controller.cron }));
  }
}
