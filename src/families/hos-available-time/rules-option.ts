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

/**
 * What is wrong with a connection's `options.hos`, if anything: the one option the API itself
 * reads from the free-form options, checked when the options are written (a 400) rather than
 * silently replaced by the default.
 */
export function hosOptionsProblem(options: unknown): string | undefined {
  // Options that are not an object are refused by their own schema (bounded-json.ts).
  if (!options || typeof options !== "object" || !Object.hasOwn(options, "hos")) return undefined;
  const hos = (options as { hos?: unknown }).hos;
  if (!hos || typeof hos !== "object" || Array.isArray(hos)) return "options.hos must be an object.";
  const unknown = Object.keys(hos).filter((key) => key !== "cycle");
  if (unknown.length > 0) return `options.hos has unknown keys: ${unknown.join(", ")} (it takes \`cycle\`).`;
  const cycle = (hos as { cycle?: unknown }).cycle;
  if (cycle !== undefined && !CYCLE_RULES.some((rule) => rule === cycle)) {
    return `options.hos.cycle must be one of ${CYCLE_RULES.join(", ")}.`;
  }
  return undefined;
}
