import type { NormalizedFaultBatch, NormalizedFaultObservation } from "../../../model/assets";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import {
  type GeotabFaultData,
  geotabDiagnostic,
  geotabFailureMode,
  geotabFault,
  geotabFaultData,
} from "../asset-payloads";
import { type GeotabClient, type GetCall, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import { failureModeIdOf, faultCodeOf, faultStatusOf, protocolOf } from "../fault-codes";
import { geotabClient } from "../login";
import { limitOf, MAX_RESULTS, unreadableIssue, windowOf } from "../paging";

/**
 * Fault codes are the FaultData of the vehicles' J1939 and OBD-II trouble codes, each row with
 * the Diagnostic and FailureMode it refers to, in MyGeotab's one pace for calls (providers.md
 * 3.3). A row is one observation of a fault (Geotab has no id per occurrence): the writer joins
 * a fault's observations into one event, opened to closed.
 *
 * One payload per FaultData row (a batch of one observation), rather than one per device: the
 * raw entry kept with the event is then the reading itself beside the Diagnostic and
 * FailureMode that say what it is, whole, as Geotab sent them.
 */
export const geotabFaultCodeEvents: ProviderModel<"faultCodeEvents"> = {
  pace: "calls",
  read: (request) => readFaultCodeEvents(geotabClient(request), request),
  normalize: mapFault,
};

/** The shortest span a FaultData request is halved to. */
const MIN_FAULT_SPAN_MS = 1000;

/**
 * Fault readings of [from, to), as safety events are read: one `Get FaultData` of a span of
 * the window (halved while the answer hits the 50,000 cap), the page ending where its
 * `pageSize`-th row would be (rows of one millisecond stay together); the next page asks for
 * twice the span this one covered. Then the page's Diagnostics and FailureModes, each asked
 * once, in one ExecuteMultiCall.
 */
async function readFaultCodeEvents(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const window = windowOf("faultCodeEvents", request);
  const cursor = decodeCursor(request.cursor, "faultCodeEvents", "from");
  const from = cursor?.t ?? window.start;
  const pageSize = limitOf(request.pageSize);
  let to = Math.min(window.end, from + (cursor?.s ?? window.end - window.start));
  let rows: unknown[] = [];
  while (from < to) {
    rows = await client.get("FaultData", {
      search: { fromDate: new Date(from).toISOString(), toDate: new Date(to).toISOString() },
      resultsLimit: MAX_RESULTS,
    });
    if (rows.length < MAX_RESULTS || to - from <= MIN_FAULT_SPAN_MS) break;
    to = from + Math.floor((to - from) / 2);
  }
  let unreadable = 0;
  const dated: { sent: unknown; row: GeotabFaultData; time: number }[] = [];
  for (const sent of rows) {
    const parsed = geotabFaultData.safeParse(sent);
    if (!parsed.success) unreadable++;
    else {
      // Geotab's toDate is inclusive: a row on it belongs to the next span.
      const time = Date.parse(parsed.data.dateTime);
      if (time >= from && time < to) dated.push({ sent, row: parsed.data, time });
    }
  }
  dated.sort((a, b) => a.time - b.time);
  const cut = dated[pageSize]?.time;
  if (cut !== undefined) to = Math.max(cut, from + 1);
  const page = dated.filter(({ time }) => time < to);
  const resolved = await withDiagnostics(client, page);
  unreadable += resolved.unreadable;
  return {
    items: resolved.items,
    schema: "geotab.FaultData+Diagnostic+FailureMode",
    ...(to < window.end
      ? {
          nextCursor: encodeCursor("faultCodeEvents", {
            k: "from",
            t: to,
            s: Math.max(MIN_FAULT_SPAN_MS, (to - from) * 2),
          }),
        }
      : {}),
    ...(unreadable > 0 ? { issues: [unreadableIssue(unreadable, "FaultData")] } : {}),
  };
}

/** A looked-up entity: as Geotab sent it, and as read (undefined: not found, or unreadable). */
type Lookup<T> = { sent: unknown; entity: T | undefined };

/**
 * The rows with their Diagnostic and FailureMode, looked up once each for the page (`Get` by
 * id, all in one ExecuteMultiCall). Rows that are not vehicle trouble codes (GO-device faults)
 * are left out; rows whose Diagnostic or FailureMode cannot be found or read are counted.
 * Controllers need no lookup: an OBD code's letter comes from the Diagnostic's controller,
 * one of Geotab's system ids.
 */
async function withDiagnostics(
  client: GeotabClient,
  rows: ReadonlyArray<{ sent: unknown; row: GeotabFaultData }>,
): Promise<{ items: unknown[]; unreadable: number }> {
  const diagnosticIds = [...new Set(rows.map(({ row }) => row.diagnostic.id))];
  const failureModeIds = [...new Set(rows.flatMap(({ row }) => failureModeIdOf(row.failureMode) ?? []))];
  const byId = (typeName: string) => (id: string) => ({ typeName, search: { id }, resultsLimit: 1 }) as GetCall;
  const answers = await client.getEach([
    ...diagnosticIds.map(byId("Diagnostic")),
    ...failureModeIds.map(byId("FailureMode")),
  ]);
  const diagnostics = new Map(
    diagnosticIds.map((id, index) => [id, lookup(answers[index], id, geotabDiagnostic.safeParse)]),
  );
  const failureModes = new Map(
    failureModeIds.map((id, index) => [
      id,
      lookup(answers[diagnosticIds.length + index], id, geotabFailureMode.safeParse),
    ]),
  );
  const items: unknown[] = [];
  let unreadable = 0;
  for (const { sent, row } of rows) {
    const diagnostic = diagnostics.get(row.diagnostic.id);
    const failureModeId = failureModeIdOf(row.failureMode);
    const failureMode = failureModeId === undefined ? undefined : failureModes.get(failureModeId);
    if (diagnostic?.entity === undefined || (failureModeId !== undefined && failureMode?.entity === undefined)) {
      unreadable++;
      continue;
    }
    if (protocolOf(diagnostic.entity) === undefined) continue;
    if (faultCodeOf(diagnostic.entity, failureMode?.entity) === undefined) {
      unreadable++;
      continue;
    }
    items.push({
      faultData: sent,
      diagnostic: diagnostic.sent,
      ...(failureMode !== undefined ? { failureMode: failureMode.sent } : {}),
    });
  }
  return { items, unreadable };
}

/** The entity `Get … {search: {id}}` answered, when it is the one asked for and readable. */
function lookup<T extends { id: string }>(
  answer: unknown[] | undefined,
  id: string,
  parse: (value: unknown) => { success: true; data: T } | { success: false },
): Lookup<T> {
  const sent = answer?.[0];
  const parsed = parse(sent);
  return { sent, entity: parsed.success && parsed.data.id === id ? parsed.data : undefined };
}

/**
 * A FaultData row with its Diagnostic and FailureMode: one observation of a J1939 or OBD-II
 * code on the device (our vehicle) at `dateTime`, or none for what is not a vehicle trouble
 * code (a GO-device fault).
 */
export function mapFault(payload: unknown): NormalizedFaultBatch {
  const { faultData: row, diagnostic, failureMode } = parsePayload(PROVIDER, geotabFault, payload, "FaultData");
  if (row.diagnostic.id !== diagnostic.id) {
    throw new ProviderError("malformed", "Geotab: a fault reading came with another Diagnostic.");
  }
  if (failureModeIdOf(row.failureMode) !== failureMode?.id) {
    throw new ProviderError("malformed", "Geotab: a fault reading came with another FailureMode.");
  }
  const vehicleSourceId = row.device.id;
  if (protocolOf(diagnostic) === undefined) return { vehicleSourceId, observations: [] };
  const code = faultCodeOf(diagnostic, failureMode);
  if (code === undefined) {
    throw new ProviderError("malformed", `Geotab: Diagnostic ${diagnostic.id} is not a readable trouble code.`);
  }
  const count = row.count ?? undefined;
  const sourceAddress = row.sourceAddress ?? undefined;
  const observation: NormalizedFaultObservation = {
    ...code,
    ...(code.j1939 !== undefined
      ? {
          j1939: {
            ...code.j1939,
            ...(count !== undefined ? { occurrenceCount: count } : {}),
            ...(sourceAddress !== undefined ? { sourceAddress } : {}),
          },
        }
      : {}),
    status: faultStatusOf(row),
    observedAt: new Date(row.dateTime).toISOString(),
    ...(typeof row.malfunctionLamp === "boolean" ? { milStatus: row.malfunctionLamp ? "on" : "off" } : {}),
  };
  return { vehicleSourceId, observations: [observation] };
}
