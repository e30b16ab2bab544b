import type { FaultCodeStatus, NormalizedFaultBatch, NormalizedFaultObservation } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { type SandboxFaultState, sandboxFaultCode } from "../asset-payloads";
import { faultCodePayloadsOfDay } from "../fault-code-payloads";
import { sandboxListing, windowListing } from "../listing";
import { PROVIDER } from "../payloads";

/**
 * `GET /vehicles/faults`: the trouble-code occurrences that overlap the window, each as it
 * stands at the window's end (fault-code-payloads.ts), so that each sync reads the occurrences
 * still set and the changes of state since the last.
 */
export const sandboxFaultCodeEvents: ProviderModel<"faultCodeEvents"> = {
  pace: NOT_PACED,
  read: sandboxListing("faultCodeEvents", (fleet, window) => {
    const { start, end } = requireWindow(PROVIDER, "faultCodeEvents", window);
    const range = { from: start.getTime(), to: end.getTime() };
    return windowListing("sandbox.vehicles.faults", fleet, { start, end }, (vehicle, day) =>
      faultCodePayloadsOfDay(fleet, vehicle, day, range),
    );
  }),
  normalize: mapFaultCode,
};

const STATUSES: Readonly<Record<SandboxFaultState, FaultCodeStatus>> = {
  pending: "pending",
  active: "open",
  cleared: "closed",
};

/** One occurrence as it stands → one observation; the occurrence id joins the observations of successive syncs. */
export function mapFaultCode(payload: unknown): NormalizedFaultBatch {
  const fault = parsePayload(PROVIDER, sandboxFaultCode, payload, "fault code");
  const observed = {
    status: STATUSES[fault.state],
    observedAt: fault.stateSince,
    firstObservedAt: fault.detectedAt,
    milStatus: fault.checkEngineLight ? "on" : "off",
    occurrenceSourceId: fault.id,
  } as const;
  const observation: NormalizedFaultObservation =
    fault.protocol === "J1939"
      ? {
          protocol: "j1939",
          code: String(fault.spn),
          description: fault.description,
          j1939: {
            spn: fault.spn,
            fmi: fault.fmi,
            fmiDescription: fault.fmiText,
            spnDescription: fault.spnName,
            occurrenceCount: fault.occurrences,
            sourceAddress: fault.sourceAddress,
          },
          ...observed,
        }
      : { protocol: "obdii", code: fault.dtc, description: fault.description, ...observed };
  return { vehicleSourceId: fault.vehicleId, observations: [observation] };
}
