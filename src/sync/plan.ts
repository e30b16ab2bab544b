import { SYNC_MODELS, WINDOWED_MODELS } from "../model/normalized";
import type { ProviderAdapter } from "../providers/types";
import type { SyncStep } from "./messages";

const DAY_MS = 86_400_000;
/** Time-based data is read in windows of this many days: each window is paged on its own. */
export const WINDOW_DAYS = 31;

const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * The steps of a sync, in order: every model the provider supports listed in full (groups,
 * vehicles, drivers, devices — references point backwards), then the time-based models
 * over [startFrom's day, end of today), window by window.
 */
export function planSteps(
  adapter: Pick<ProviderAdapter, "supportedModels">,
  startFrom: number,
  now: number,
): SyncStep[] {
  const supported = SYNC_MODELS.filter((model) => adapter.supportedModels[model] === "supported");
  const steps: SyncStep[] = supported.filter((model) => !WINDOWED_MODELS.includes(model)).map((model) => ({ model }));
  const start = startOfUtcDay(Math.min(startFrom, now));
  const end = startOfUtcDay(now) + DAY_MS;
  for (const model of supported.filter((candidate) => WINDOWED_MODELS.includes(candidate))) {
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
