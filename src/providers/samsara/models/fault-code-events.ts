import type { FaultCodeStatus, NormalizedFaultBatch, NormalizedFaultObservation } from "../../../model/assets";
import { nonBlank, parsePayload } from "../../kit/parse";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { type SamsaraFaultCodesPoint, samsaraVehicleFaultHistory } from "../asset-payloads";
import { PROVIDER } from "../client";
import { readStatsHistory } from "../history";
import { next, samsaraPages } from "../listing";
import { optional, readTime, unique } from "../values";

/**
 * Fault codes: the `faultCodes` history of the window (`GET /fleet/vehicles/stats/history`,
 * providers-families.md 1.6), a vehicle's points of a page in one payload. Samsara has no
 * open/closed status and no first or last seen: each point is every code active on the vehicle
 * at its time, so a code missing from a later point has cleared (the writer derives it from the
 * batch's `activeSets`). Paced per token, like every stats endpoint (providers.md 1.3).
 */
export const samsaraFaultCodeEvents: ProviderModel<"faultCodeEvents"> = {
  pace: "token",
  read: samsaraPages("faultCodeEvents", "samsara.fleet.vehicles.stats.history.faultCodes", async (client, input) => {
    const window = requireWindow(PROVIDER, "faultCodeEvents", input.window);
    const page = await readStatsHistory(client, window, ["faultCodes"], input.cursor?.after);
    return { items: page.items, ...next(page.after && { model: "faultCodeEvents", after: page.after }) };
  }),
  normalize: mapFaultHistory,
};

/**
 * A vehicle's `faultCodes` points → one observation per J1939 and OBD-II code of each point, at
 * the point's time, with the point (as Samsara sent it) as `raw`; every point's time is an active
 * set, an empty point included (everything cleared then). OEM codes (`oem`) are neither J1939 nor
 * OBD-II codes (manufacturer identifiers without an SPN/FMI or an SAE code), so they are left out.
 */
export function mapFaultHistory(payload: unknown): NormalizedFaultBatch {
  const vehicle = parsePayload(PROVIDER, samsaraVehicleFaultHistory, payload, "fault code history");
  const sent = (payload as { faultCodes: unknown[] }).faultCodes;
  const observations = vehicle.faultCodes
    .flatMap((point, index) => {
      const observedAt = readTime(point.time);
      const raw = sent[index];
      return [...j1939Observations(point, observedAt, raw), ...obdObservations(point, observedAt, raw)];
    })
    .sort((a, b) => a.observedAt.localeCompare(b.observedAt));
  const activeSets = unique(vehicle.faultCodes.map((point) => readTime(point.time))).sort();
  return { vehicleSourceId: vehicle.id, observations, activeSets };
}

/** A lamp's state as `milStatus`; undefined when Samsara does not say. */
function lamp(on: boolean | null | undefined): NormalizedFaultObservation["milStatus"] {
  return on === null || on === undefined ? undefined : on ? "on" : "off";
}

/**
 * A point's J1939 codes, each open (a J1939 code is active while listed): the SPN as the code,
 * its description the SPN's, the lamp the code came with (else the point's emissions lamp), and
 * `txId` as the source address. A code listed twice by the same controller counts once.
 */
function j1939Observations(
  point: SamsaraFaultCodesPoint,
  observedAt: string,
  raw: unknown,
): NormalizedFaultObservation[] {
  const emissionsLamp = point.j1939?.checkEngineLights?.emissionsIsOn;
  const seen = new Set<string>();
  return (point.j1939?.diagnosticTroubleCodes ?? []).flatMap((dtc) => {
    const key = `${dtc.spnId}|${dtc.fmiId}|${dtc.txId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const spnDescription = nonBlank(dtc.spnDescription);
    const mil = dtc.milStatus === null || dtc.milStatus === undefined ? emissionsLamp : dtc.milStatus !== 0;
    return [
      {
        protocol: "j1939" as const,
        code: String(dtc.spnId),
        ...optional("description", spnDescription),
        j1939: {
          spn: dtc.spnId,
          ...optional("fmi", dtc.fmiId ?? undefined),
          ...optional("fmiDescription", nonBlank(dtc.fmiDescription)),
          ...optional("spnDescription", spnDescription),
          ...optional("occurrenceCount", dtc.occurrenceCount ?? undefined),
          ...optional("sourceAddress", dtc.txId ?? undefined),
        },
        status: "open" as const,
        observedAt,
        ...optional("milStatus", lamp(mil)),
        raw,
      },
    ];
  });
}

/**
 * A point's OBD-II codes: confirmed ones open, pending ones pending; a code confirmed by one
 * controller and pending at another (or listed twice) counts once, confirmed first. Permanent
 * codes are not read: an ECU keeps a code there after it is cleared, until its monitor has
 * passed again, so it would keep a fault open for days after the controller dropped it (while
 * the fault is active, its code is also confirmed). The lamp is the controller's, else the
 * point's check-engine light.
 */
function obdObservations(
  point: SamsaraFaultCodesPoint,
  observedAt: string,
  raw: unknown,
): NormalizedFaultObservation[] {
  const controllers = point.obdii?.diagnosticTroubleCodes ?? [];
  const byCode = new Map<string, NormalizedFaultObservation>();
  const states: [FaultCodeStatus, "confirmedDtcs" | "pendingDtcs"][] = [
    ["open", "confirmedDtcs"],
    ["pending", "pendingDtcs"],
  ];
  for (const [status, list] of states) {
    for (const controller of controllers) {
      const mil = controller.milStatus ?? point.obdii?.checkEngineLightIsOn;
      for (const dtc of controller[list] ?? []) {
        const code = dtc.dtcShortCode.trim();
        if (!code || byCode.has(code)) continue;
        byCode.set(code, {
          protocol: "obdii",
          code,
          ...optional("description", nonBlank(dtc.dtcDescription)),
          status,
          observedAt,
          ...optional("milStatus", lamp(mil)),
          raw,
        });
      }
    }
  }
  return [...byCode.values()];
}
