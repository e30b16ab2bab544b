/** The normalized records of trailers and of vehicles' diagnostic trouble codes (normalized.ts has the rest). */

import type { LicensePlate, Location, RecordStatus } from "./normalized";

export type NormalizedTrailer = {
  sourceId: string;
  status: RecordStatus;
  name?: string;
  vin?: string;
  serialNumber?: string;
  make?: string;
  model?: string;
  year?: number;
  licensePlate?: LicensePlate;
  groupSourceIds: string[];
  /**
   * The vehicle (tractor) it is hitched to now, for a provider that links them (Geotab's trailer
   * attachments): the connection's vehicle filters then apply to the trailer too.
   */
  vehicleSourceId?: string;
  createdAt?: string;
  updatedAt?: string;
};

/** Where a trailer is now (the provider's live snapshot). */
export type NormalizedLatestTrailerLocation = {
  trailerSourceId: string;
  locatedAt: string;
  location: Location;
  address?: string;
  /** Degrees clockwise from north. */
  heading?: number;
  /** km/h. */
  speed?: number;
};

export const FAULT_CODE_STATUSES = ["open", "pending", "closed"] as const;
export type FaultCodeStatus = (typeof FAULT_CODE_STATUSES)[number];
export const FAULT_PROTOCOLS = ["j1939", "obdii"] as const;
export type FaultProtocol = (typeof FAULT_PROTOCOLS)[number];

/** What identifies a diagnostic trouble code, whatever its state. */
export type NormalizedFaultCode = {
  protocol: FaultProtocol;
  /** The OBD-II code ("P0171"), or the SPN as text for J1939. */
  code: string;
  description?: string;
  j1939?: {
    spn: number;
    fmi?: number;
    fmiDescription?: string;
    spnDescription?: string;
    occurrenceCount?: number;
    /** The J1939 source address of the controller that reported it (0: engine #1). */
    sourceAddress?: number;
  };
};

/** One observation of a fault on a vehicle: its state at `observedAt`. */
export type NormalizedFaultObservation = NormalizedFaultCode & {
  status: FaultCodeStatus;
  observedAt: string;
  /** When the provider first observed this occurrence, when it says (Motive's `first_observed_at`). */
  firstObservedAt?: string;
  /** Malfunction indicator lamp (check engine light), when the provider reports it. */
  milStatus?: "on" | "off";
  /**
   * The provider's own id of this occurrence of the fault, open to closed, when it has one
   * (Motive): observations of it update one event. Without it, an observation joins the fault's
   * occurrence that is not closed yet, or starts a new one.
   */
  occurrenceSourceId?: string;
  /** The provider's own object for this observation, when a payload holds several. */
  raw?: unknown;
};

/**
 * A vehicle's fault observations in one provider payload. `activeSets`: the payload lists, at
 * each of these times, every fault active on the vehicle (Samsara's stat points), so a fault
 * open before and missing from a set cleared at that time.
 */
export type NormalizedFaultBatch = {
  vehicleSourceId: string;
  observations: NormalizedFaultObservation[];
  activeSets?: string[];
};
