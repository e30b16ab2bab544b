import type { FaultCodeStatus, NormalizedFaultBatch, NormalizedFaultObservation } from "../../model/normalized";

/** One occurrence of a fault on a vehicle, first observed to last observed: one stored event. */
export type FaultOccurrence = {
  sourceId: string;
  vehicleSourceId: string;
  faultKey: string;
  status: FaultCodeStatus;
  firstObservedAt: number;
  observedAt: number;
  /** The last observation that changed it: its fields, and its provider object for `raw`. */
  observation: NormalizedFaultObservation;
  payload: unknown;
};

/** The fault whatever its occurrence: observations of the same key on a vehicle join one open occurrence. */
export function faultKey(fault: Pick<NormalizedFaultObservation, "protocol" | "code" | "j1939">): string {
  return [fault.protocol, fault.code, fault.j1939?.fmi ?? "", fault.j1939?.sourceAddress ?? ""].join(":");
}

type Step =
  | { at: number; kind: "set"; keys: Set<string> }
  | { at: number; kind: "observation"; observation: NormalizedFaultObservation; payload: unknown };

/**
 * Folds a page's observations without provider occurrence ids into occurrences, starting from
 * the stored ones of the page's vehicles (open ones, and closed ones recent enough that a page
 * read again must find them). In time order per vehicle: an active set closes the open
 * occurrences it lacks; an observation updates the fault's occurrence that covers its time, or
 * starts one. A closed occurrence that already covers the time is left alone, so reading a
 * page again changes nothing. Answers the occurrences the page created or changed.
 */
export function foldOccurrences(
  batches: readonly { normalized: NormalizedFaultBatch; payload: unknown }[],
  stored: readonly FaultOccurrence[],
): FaultOccurrence[] {
  const byVehicle = new Map<string, FaultOccurrence[]>();
  for (const occurrence of stored) {
    const list = byVehicle.get(occurrence.vehicleSourceId) ?? [];
    list.push({ ...occurrence });
    byVehicle.set(occurrence.vehicleSourceId, list);
  }
  const changed = new Map<string, FaultOccurrence>();
  for (const [vehicle, steps] of stepsByVehicle(batches)) {
    const occurrences = byVehicle.get(vehicle) ?? [];
    byVehicle.set(vehicle, occurrences);
    for (const step of steps) {
      if (step.kind === "set") {
        for (const occurrence of occurrences) {
          if (
            occurrence.status === "closed" ||
            occurrence.observedAt >= step.at ||
            step.keys.has(occurrence.faultKey)
          ) {
            continue;
          }
          occurrence.status = "closed";
          occurrence.observedAt = step.at;
          changed.set(occurrence.sourceId, occurrence);
        }
        continue;
      }
      const key = faultKey(step.observation);
      const covering = occurrences.find(
        (occurrence) =>
          occurrence.faultKey === key &&
          occurrence.firstObservedAt <= step.at &&
          (occurrence.status !== "closed" || occurrence.observedAt >= step.at),
      );
      if (covering && (covering.status === "closed" || covering.observedAt > step.at)) continue;
      const next: FaultOccurrence = covering
        ? Object.assign(covering, {
            status: step.observation.status,
            observedAt: step.at,
            observation: step.observation,
            payload: step.payload,
          })
        : {
            sourceId: `${vehicle}|${key}|${new Date(step.at).toISOString()}`,
            vehicleSourceId: vehicle,
            faultKey: key,
            status: step.observation.status,
            firstObservedAt: step.at,
            observedAt: step.at,
            observation: step.observation,
            payload: step.payload,
          };
      if (!covering) occurrences.push(next);
      changed.set(next.sourceId, next);
    }
  }
  return [...changed.values()];
}

/** Each vehicle's sets and observations in time order, a set before the observations of its time. */
function stepsByVehicle(
  batches: readonly { normalized: NormalizedFaultBatch; payload: unknown }[],
): Map<string, Step[]> {
  const steps = new Map<string, Step[]>();
  for (const { normalized, payload } of batches) {
    const list = steps.get(normalized.vehicleSourceId) ?? [];
    const observations = normalized.observations.filter((observation) => !observation.occurrenceSourceId);
    for (const time of normalized.activeSets ?? []) {
      const at = Date.parse(time);
      const keys = new Set(
        observations.filter((observation) => Date.parse(observation.observedAt) === at).map(faultKey),
      );
      list.push({ at, kind: "set", keys });
    }
    for (const observation of observations) {
      list.push({
        at: Date.parse(observation.observedAt),
        kind: "observation",
        observation,
        payload: observation.raw ?? payload,
      });
    }
    steps.set(normalized.vehicleSourceId, list);
  }
  for (const list of steps.values()) {
    list.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === "set" ? -1 : 1));
  }
  return steps;
}
