import type { CycleRule } from "../../hos/limits";
import type { AvailableTime } from "../../hos/rules";
import type { RawEntry } from "../../model/normalized";

/**
 * Where a connection's clocks come from: its provider's own, read live, or computed here from
 * the synced duty-status logs (for a provider that serves none).
 */
export type ClockSource = "provider" | "computed";

export type AvailableTimeFilters = { driverIds?: readonly string[]; source: ClockSource; cycle: CycleRule };

/** A driver's clocks: the provider's as last read, with their payload, or computed at the read under a cycle rule. */
export type AvailableTimeRow = { id: string; provider: string; clocks: AvailableTime } & (
  | { source: "computed"; cycle: CycleRule }
  | { source: "provider"; raw?: RawEntry }
);
