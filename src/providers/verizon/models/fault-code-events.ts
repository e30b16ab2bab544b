import { z } from "@hono/zod-openapi";
import type { NormalizedFaultBatch, NormalizedFaultCode } from "../../../model/assets";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER, type VerizonClient } from "../client";
import { verizonIso, verizonMs } from "../dates";
import { vehiclePath } from "../listing";
import { verizonDtc, verizonDtcHistory } from "../payloads";
import { type VehicleDay, walkVehicleDays } from "../walk";

const SCHEMA = "/rad/v1/vehicles/{vehicleNumber}/getdtchistorybyvehiclenumber";

/**
 * Fault codes: each vehicle's DTC history, `GET /rad/v1/vehicles/{n}/getdtchistorybyvehiclenumber`
 * (`{VehicleNumber, VehicleName, DTCs: [{DTC, IsActive, LastUpdatedDateTime}]}`), one request per
 * vehicle for the whole window (the endpoint takes no dates), keeping the entries updated in it.
 */
export const verizonFaultCodeEvents: ProviderModel<"faultCodeEvents"> = {
  pace: "api",
  read: walkVehicleDays("faultCodeEvents", SCHEMA, readDtcHistory, "window"),
  normalize: mapDtc,
};

/** One item per DTC entry: the entry beside its vehicle (the raw payload; Verizon's entry untouched). */
export type DtcItem = { VehicleNumber: string; VehicleName?: string | null; DTC: unknown };

const updated = z.object({ LastUpdatedDateTime: z.string() });

/** The entries last updated in [from, to); one without a readable time is kept (normalize rejects it). */
async function readDtcHistory(client: VerizonClient, { vehicleNumber, from, to }: VehicleDay): Promise<DtcItem[]> {
  const path = `${vehiclePath(vehicleNumber)}/getdtchistorybyvehiclenumber`;
  const history = verizonDtcHistory.safeParse(await client.get(path));
  if (!history.success) throw new ProviderError("malformed", `${PROVIDER}: ${path} did not answer a DTC history.`);
  return (history.data.DTCs ?? [])
    .filter((entry) => {
      const parsed = updated.safeParse(entry);
      const at = parsed.success ? verizonMs(parsed.data.LastUpdatedDateTime) : Number.NaN;
      return Number.isNaN(at) || (at >= from && at < to);
    })
    .map((entry) => ({ VehicleNumber: vehicleNumber, VehicleName: history.data.VehicleName, DTC: entry }));
}

const dtcItem = z.object({ VehicleNumber: z.string().min(1), DTC: verizonDtc });

const OBD_DTC = /^[PBCU][0-9A-F]{4}$/i;
/** J1939 codes: Verizon's format is undocumented; `SPN 110 FMI 0` (and `SPN:110, FMI:0`) are read. */
const J1939 = /^SPN\s*:?\s*(\d+)\s*[,;/]?\s*(?:FMI\s*:?\s*(\d+))?$/i;

/**
 * One entry → its vehicle's batch of one observation: the code, open while `IsActive`, closed
 * after, as of `LastUpdatedDateTime`. Verizon gives no occurrence id, no description, lamp nor
 * pending state: an observation joins the code's occurrence that is still open, or starts one.
 */
export function mapDtc(payload: unknown): NormalizedFaultBatch {
  const { VehicleNumber: vehicle, DTC: entry } = parsePayload(PROVIDER, dtcItem, payload, "DTC");
  return {
    vehicleSourceId: vehicle,
    observations: [
      {
        ...faultCodeOf(entry.DTC.trim()),
        status: entry.IsActive ? "open" : "closed",
        observedAt: verizonIso(entry.LastUpdatedDateTime),
        raw: entry,
      },
    ],
  };
}

function faultCodeOf(dtc: string): NormalizedFaultCode {
  if (OBD_DTC.test(dtc)) return { protocol: "obdii", code: dtc.toUpperCase() };
  const j1939 = J1939.exec(dtc);
  if (!j1939)
    throw new ProviderError("malformed", `${PROVIDER}: \`${dtc.slice(0, 40)}\` is neither an OBD-II nor a J1939 code.`);
  const spn = Number(j1939[1]);
  return {
    protocol: "j1939",
    code: String(spn),
    j1939: { spn, ...(j1939[2] !== undefined ? { fmi: Number(j1939[2]) } : {}) },
  };
}
