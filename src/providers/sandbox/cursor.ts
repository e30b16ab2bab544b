import { fromBase64Url, toBase64Url, utf8 } from "../../lib/encoding";
import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";

/**
 * The sandbox's page cursor, opaque to the engine: base64url of where the next page starts.
 * Every listing is a sequence of cells (a slot, or a day × slot of a window), each holding a
 * few records, so a position is a cell and an offset within it. The cursor also pins the
 * revision of the first page: a sync that pages across an hour boundary still sees one
 * consistent snapshot, as with a real provider's snapshot cursors.
 */
export type SandboxCursor = { model: SyncModel; revision: number; cell: number; offset: number };

export function encodeSandboxCursor(cursor: SandboxCursor): string {
  const body = { v: 1, m: cursor.model, r: cursor.revision, c: cursor.cell, o: cursor.offset };
  return toBase64Url(utf8.encode(JSON.stringify(body)));
}

/** Reads a cursor of `model`; throws ProviderError("malformed") for anything else. */
export function decodeSandboxCursor(text: string, model: SyncModel): SandboxCursor {
  let body: unknown;
  try {
    body = JSON.parse(utf8.decode(fromBase64Url(text)));
  } catch {
    throw malformedCursor();
  }
  if (typeof body !== "object" || body === null) throw malformedCursor();
  const { v, m, r, c, o } = body as Record<string, unknown>;
  if (v !== 1 || m !== model || !counter(r) || !counter(c) || !counter(o)) throw malformedCursor();
  return { model, revision: r, cell: c, offset: o };
}

function counter(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

export function malformedCursor(): ProviderError {
  return new ProviderError("malformed", "Sandbox: the cursor is not one this provider issued for this listing.");
}
