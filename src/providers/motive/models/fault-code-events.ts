import { z } from "@hono/zod-openapi";
import type { FaultProtocol, NormalizedFaultBatch, NormalizedFaultObservation } from "../../../model/assets";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import { isoDay, requireWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type MotiveFaultCode, motiveFaultCode } from "../asset-payloads";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "../client";
import { decodeMotiveCursor, encodeMotiveCursor } from "../cursor";
import { missingPermissions, perPage } from "../listing";
import { motivePagination } from "../payloads";
import { iso } from "../values";

/**
 * Vehicles' fault codes, `GET /v1/fault_codes` (providers-families.md 2.6), at the adapter's
 * one conservative pace. Each record is one occurrence of a fault with its own id, open or
 * closed: one observation of its state now, which updates the event of that id.
 */
export const motiveFaultCodeEvents: ProviderModel<"faultCodeEvents"> = {
  pace: "api",
  read: readFaultCodes,
  normalize: mapFaultCode,
};

const SCHEMA = "/v1/fault_codes";

/**
 * A page of fault codes. Two integrations read the paging of this endpoint either in the usual
 * `pagination` block or at the top level of the answer (providers-families.md 2.6): both are read.
 */
const faultCodesAnswer = z.object({
  fault_codes: z.array(z.object({ fault_code: z.record(z.string(), z.unknown()) })),
  pagination: motivePagination.nullish(),
  per_page: z.number().int().positive().optional(),
  page_no: z.number().int().positive().optional(),
  total: z.number().int().nonnegative().optional(),
});

/** The fault codes of one answer, untouched, and whether more pages follow. */
export function faultCodesPage(body: unknown): { items: unknown[]; hasMore: boolean } {
  const parsed = faultCodesAnswer.safeParse(body);
  const paging = parsed.success ? (parsed.data.pagination ?? motivePagination.safeParse(parsed.data).data) : undefined;
  if (!parsed.success || !paging) {
    throw new ProviderError("malformed", `${PROVIDER}: ${SCHEMA} did not answer a \`fault_codes\` page.`);
  }
  const items = parsed.data.fault_codes.map((element) => element.fault_code);
  return { items, hasMore: items.length > 0 && paging.page_no * paging.per_page < paging.total };
}

/**
 * The fault codes of the window's dates (Motive filters by whole days), then only those whose
 * life, first to last observation, meets the window.
 */
async function readFaultCodes(request: ReadRequest): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, "faultCodeEvents", request.window);
  const client = MotiveClient.of(request.context, request.credentials);
  const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
  let body: unknown;
  try {
    body = await client.get(SCHEMA, {
      start_date: isoDay(window.start.getTime()),
      end_date: isoDay(window.end.getTime() - 1),
      per_page: perPage(request.pageSize),
      page_no: page,
    });
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return { items: [], schema: SCHEMA, issues: [missingPermissions(`${error.message} Fault codes were not read.`)] };
  }
  const answer = faultCodesPage(body);
  const start = window.start.getTime();
  const end = window.end.getTime();
  return {
    items: answer.items.filter((item) => {
      const life = lifeOf(item);
      // A fault without readable times is kept: normalize rejects it and the sync reports it.
      return life === undefined || (life.first < end && life.last >= start);
    }),
    schema: SCHEMA,
    ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}),
  };
}

const observedTimes = z.object({
  first_observed_at: z.iso.datetime({ offset: true }),
  last_observed_at: z.iso.datetime({ offset: true }).nullish(),
});

function lifeOf(item: unknown): { first: number; last: number } | undefined {
  const parsed = observedTimes.safeParse(item);
  if (!parsed.success) return undefined;
  const first = Date.parse(parsed.data.first_observed_at);
  return { first, last: parsed.data.last_observed_at ? Date.parse(parsed.data.last_observed_at) : first };
}

/** One occurrence → its vehicle's batch of one observation: its state as of its last observation. */
export function mapFaultCode(payload: unknown): NormalizedFaultBatch {
  const fault = parsePayload(PROVIDER, motiveFaultCode, payload, "fault code");
  const protocol = protocolOf(fault);
  const description = nonBlank(fault.code_description);
  const observation: NormalizedFaultObservation = {
    protocol,
    code: fault.code,
    ...(description !== undefined ? { description } : {}),
    ...(protocol === "j1939" ? { j1939: j1939Of(fault, description) } : {}),
    status: fault.status,
    observedAt: iso(fault.last_observed_at ?? fault.first_observed_at),
    firstObservedAt: iso(fault.first_observed_at),
    occurrenceSourceId: String(fault.id),
  };
  return { vehicleSourceId: String(fault.vehicle.id), observations: [observation] };
}

const SPN = /^\d+$/;
const OBD_DTC = /^[PBCU][0-9A-F]{4}$/i;

/**
 * The protocol: Motive's `network` when it names one of ours; otherwise J1939 when the fault has
 * an FMI or its code is an SPN, OBD-II when its code is a DTC. A J1939 fault needs an SPN code.
 */
function protocolOf(fault: MotiveFaultCode): FaultProtocol {
  const network = fault.network?.trim().toLowerCase();
  const protocol: FaultProtocol | undefined =
    network === "j1939"
      ? "j1939"
      : network === "obdii"
        ? "obdii"
        : smallIntegerOf(fault.fmi, 31) !== undefined || SPN.test(fault.code)
          ? "j1939"
          : OBD_DTC.test(fault.code)
            ? "obdii"
            : undefined;
  if (protocol === undefined || (protocol === "j1939" && !SPN.test(fault.code))) {
    throw new ProviderError(
      "malformed",
      `${PROVIDER}: fault code ${fault.id} (${fault.code}, network ${fault.network ?? "none"}) is neither J1939 nor OBD-II.`,
    );
  }
  return protocol;
}

/** The J1939 block: the SPN (the code), its FMI read from text, and what Motive says of them. */
function j1939Of(fault: MotiveFaultCode, description: string | undefined): NormalizedFaultObservation["j1939"] {
  const fmi = smallIntegerOf(fault.fmi, 31);
  const fmiDescription = nonBlank(fault.fmi_description);
  const sourceAddress = smallIntegerOf(fault.source_address, 255);
  return {
    spn: Number(fault.code),
    ...(fmi !== undefined ? { fmi } : {}),
    ...(fmiDescription !== undefined ? { fmiDescription } : {}),
    // On a J1939 fault, `code_description` describes the SPN.
    ...(description !== undefined ? { spnDescription: description } : {}),
    ...(fault.occurrence_count != null ? { occurrenceCount: fault.occurrence_count } : {}),
    ...(sourceAddress !== undefined ? { sourceAddress } : {}),
  };
}

/** A whole number in [0, max] sent as a number or as text; undefined for null, blanks and anything else. */
function smallIntegerOf(value: number | string | null | undefined, max: number): number | undefined {
  const number = typeof value === "string" ? (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value;
  return number != null && Number.isInteger(number) && number >= 0 && number <= max ? number : undefined;
}
