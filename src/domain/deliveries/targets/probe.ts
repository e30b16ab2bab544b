/**
 * A destination's test (`POST /destinations/{id}/test`): one small write where deliveries write,
 * with the service's verdict. An object is written and removed; a stream cannot remove a record,
 * so a stream receives one record `{"type":"probe",…}` under the partition key "probe", which
 * consumers skip by its type.
 */
import type { DestinationRow } from "../../../db/schema";
import type { Env } from "../../../env";
import { openTarget } from "./open";
import { type DeliveryTarget, DeliveryTargetError } from "./target";

export type ProbeResult = { ok: boolean; message: string; status?: number; code?: string };

export const PROBE_PARTITION_KEY = "probe";

export async function probeTarget(target: DeliveryTarget): Promise<ProbeResult> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  try {
    if (target.kind === "objects") {
      const key = target.keyOf(`_probe/${id}.txt`);
      await target.put(key, new TextEncoder().encode(`Destination test at ${at}.\n`), "text/plain; charset=utf-8");
      await target.remove(key);
      return { ok: true, message: `Wrote and removed ${key}.` };
    }
    const data = new TextEncoder().encode(JSON.stringify({ type: "probe", id, at }));
    await target.putRecords([{ partitionKey: PROBE_PARTITION_KEY, data }]);
    return {
      ok: true,
      message: `Put one record {"type":"probe"} with partition key "${PROBE_PARTITION_KEY}"; a stream cannot delete records, so it stays until the stream's retention ends.`,
    };
  } catch (error) {
    return failed(error);
  }
}

/** Opens the destination's target and probes it: a refused endpoint or unreadable credentials answer as a failed probe. */
export async function probeDestination(env: Env, destination: DestinationRow): Promise<ProbeResult> {
  let target: DeliveryTarget;
  try {
    target = await openTarget(env, destination);
  } catch (error) {
    return failed(error);
  }
  return probeTarget(target);
}

function failed(error: unknown): ProbeResult {
  // Anything else is a bug of ours: its message is not the customer's to read.
  if (!(error instanceof DeliveryTargetError)) throw error;
  return {
    ok: false,
    message: error.message,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.code !== undefined ? { code: error.code } : {}),
  };
}
