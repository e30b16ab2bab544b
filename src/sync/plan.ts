import { SERIES_MODELS, SYNC_MODELS, TIME_SERIES_MODELS, WINDOWED_MODELS } from "../model/normalized";
import type { ProviderAdapter } from "../providers/types";
import type { SyncStep } from "./messages";

const DAY_MS = 86_400_000;
/** Time-based data is read in windows of this many days: each window is paged on its own. */
export const WINDOW_DAYS = 31;

const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * The steps of a sync, in order: every model the provider supports listed in full (groups,
 * vehicles, drivers, devices, latest locations — references point backwards), then the
 * time-based models over [startFrom's day, end of today), window by window; breadcrumbs and
 * stat logs from `series.backfillDays` before today at the earliest; none of the time series
 * when the deployment turned them off (config.ts).
 */
export function planSteps(
  adapter: Pick<ProviderAdapter, "supportedModels">,
  startFrom: number,
  now: number,
  series: { enabled: boolean; backfillDays: number },
): SyncStep[] {
  const supported = SYNC_MODELS.filter(
    (model) =>
      adapter.supportedModels[model] === "supported" && (series.enabled || !TIME_SERIES_MODELS.includes(model)),
  );
  const steps: SyncStep[] = supported.filter((model) => !WINDOWED_MODELS.includes(model)).map((model) => ({ model }));
  const end = startOfUtcDay(now) + DAY_MS;
  const seriesStart = startOfUtcDay(now) - series.backfillDays * DAY_MS;
  for (const model of supported.filter((candidate) => WINDOWED_MODELS.includes(candidate))) {
    const from = startOfUtcDay(Math.min(startFrom, now));
    const start = SERIES_MODELS.includes(model) ? Math.max(from, seriesStart) : from;
    for (let windowStart = start; windowStart < end; windowStart += WINDOW_DAYS * DAY_MS) {
      steps.push({ model, window: { start: windowStart, end: Math.min(end, windowStart + WINDOW_DAYS * DAY_MS) } });
    }
  }
  return steps;
}

/**
 * Progress in percent: finished steps, plus a share of the current step that grows with each
 * page but never reaches the next step's value, since the number of pages is unknown.
 */
export function progressOf(stepIndex: number, pagesInStep: number, totalSteps: number): number {
  if (totalSteps === 0) return 100;
  const withinStep = pagesInStep / (pagesInStep + 1);
  return Math.min(99, Math.floor((100 * (stepIndex + withinStep)) / totalSteps));
}

/** The start of an incremental sync: where the last one's coverage ended, less a day that may still have changed. */
export function incrementalStart(coverageEnd: number | null, fallback: number): number {
  return coverageEnd === null ? fallback : coverageEnd - DAY_MS;
}
