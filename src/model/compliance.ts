/** The normalized records of the compliance families: hours of service and IFTA distances (normalized.ts has the rest). */

import type { DutyStatus } from "../hos/duty-status";
import type { Location } from "./normalized";

/** A note a driver or the carrier attached to a duty status. */
export type HosRemark = { sourceId?: string; submittedAt?: string; notes: string };

/** A driver's duty status from `startedAt` until `endedAt` (absent while it lasts). */
export type NormalizedHosLog = {
  sourceId: string;
  status: DutyStatus;
  driverSourceId: string;
  vehicleSourceId?: string;
  codriverSourceIds?: string[];
  location?: Location;
  remarks?: HosRemark[];
  startedAt: string;
  endedAt?: string;
};

/** Milliseconds a driver spent in each duty status over a day. */
export type HosStatusDurations = {
  onDuty: number;
  offDuty: number;
  driving: number;
  waiting: number;
  sleeperBed: number;
  personalConveyance: number;
  yardMove: number;
};

/** Kilometres a driver covered over a day: driving, personal conveyance, yard moves, and their total. */
export type HosDistances = { total: number; driving: number; personalConveyance: number; yardMove: number };

/** A driver's day of hours of service, as their log for the day (the driver's home-terminal day) sums it. */
export type NormalizedHosDailyLog = {
  sourceId: string;
  driverSourceId: string;
  /** YYYY-MM-DD. */
  date: string;
  distances?: HosDistances;
  statusDurations: HosStatusDurations;
};

/**
 * The distance a vehicle drove in one IFTA jurisdiction over one period, at the granularity the
 * provider reports: a day (YYYY-MM-DD) or a month (YYYY-MM).
 */
export type NormalizedIftaDistance = {
  sourceId: string;
  vehicleSourceId: string;
  /** YYYY-MM-DD for a day, YYYY-MM for a month. */
  period: string;
  /** US state or territory, or Canadian province or territory, by postal code; null when unknown. */
  jurisdiction: string | null;
  /** km. */
  distance: number;
  /** Litres (tax-paid fuel bought in the jurisdiction), where the provider reports it. */
  fuel?: number;
};

/**
 * A driver's hours-of-service clocks as the provider computes them, read live: what the driver
 * has left (ms) and the duty status now, where the provider says.
 */
export type NormalizedHosClock = {
  driverSourceId: string;
  currentStatus?: DutyStatus;
  /** Driving left before a limit stops the driver. */
  drive: number;
  /** Time left in the driver's shift (the 14-hour window). */
  shift: number;
  /** On-duty time left in the cycle. */
  cycle: number;
  /** Driving left before a break is due. */
  break: number;
};
