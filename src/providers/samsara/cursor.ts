import { fromBase64Url, toBase64Url, utf8 } from "../../lib/encoding";
import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import { DRIVER_ACTIVATION_STATUSES, type DriverActivationStatus } from "./payloads";

/**
 * The adapter's page cursor, opaque to the engine: base64url of where the next page starts.
 * Samsara's own `endCursor` (`after`) is kept as it came; around it, what the adapter walks
 * itself: the drivers' activation status (two listings: Samsara lists active drivers unless
 * asked for deactivated ones) and the utilization day (the report is read one day at a time).
 */
export type SamsaraCursor = {
  model: SyncModel;
  /** Samsara's `endCursor` of the previous page; absent at the start of a listing. */
  after?: string;
  /** Drivers: the listing the cursor continues. */
  status?: DriverActivationStatus;
  /** Utilization: the UTC day (YYYY-MM-DD) the cursor continues. */
  date?: string;
};

export function encodeSamsaraCursor(cursor: SamsaraCursor): string {
  const body = { v: 1, m: cursor.model, a: cursor.after, s: cursor.status, d: cursor.date };
  return toBase64Url(utf8.encode(JSON.stringify(body)));
}

/** Reads a cursor of `model`; ProviderError("malformed") for anything this adapter did not issue. */
export function decodeSamsaraCursor(text: string, model: SyncModel): SamsaraCursor {
  let body: unknown;
  try {
    body = JSON.parse(utf8.decode(fromBase64Url(text)));
  } catch {
    throw malformedCursor();
  }
  if (typeof body !== "object" || body === null) throw malformedCursor();
  const { v, m, a, s, d } = body as Record<string, unknown>;
  if (v !== 1 || m !== model) throw malformedCursor();
  if (a !== undefined && (typeof a !== "string" || a === "")) throw malformedCursor();
  if (s !== undefined && !DRIVER_ACTIVATION_STATUSES.includes(s as DriverActivationStatus)) throw malformedCursor();
  if (d !== undefined && (typeof d !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(d))) throw malformedCursor();
  return {
    model,
    ...(a === undefined ? {} : { after: a as string }),
    ...(s === undefined ? {} : { status: s as DriverActivationStatus }),
    ...(d === undefined ? {} : { date: d as string }),
  };
}

export function malformedCursor(): ProviderError {
  return new ProviderError("malformed", "Samsara: the cursor is not one this adapter issued for this listing.");
}
