import { CYCLE_RULES, type CycleRule } from "../../hos/limits";

/** The cycle a connection's drivers work under when its options do not say (the 8-day week of most carriers). */
export const DEFAULT_CYCLE: CycleRule = "70_8";

/**
 * The hours-of-service cycle of a connection: `options.hos.cycle`, `60_7` or `70_8` (49 CFR
 * 395.3(b): the carrier's choice). Options are free-form customer input, so anything else is the default.
 */
export function cycleOf(options: Readonly<Record<string, unknown>> | undefined): CycleRule {
  const hos = options?.hos;
  const cycle = hos && typeof hos === "object" ? (hos as { cycle?: unknown }).cycle : undefined;
  return CYCLE_RULES.find((rule) => rule === cycle) ?? DEFAULT_CYCLE;
}
