import { z } from "@hono/zod-openapi";
import { SYNC_MODELS, type SyncModel } from "../../model/normalized";
import { cursorCodec } from "../kit/cursor";
import { PROVIDER } from "./payloads";

/**
 * The sandbox's page cursor, opaque to the engine: base64url of where the next page starts.
 * Every listing is a sequence of cells (a slot, or a day × slot of a window), each holding a
 * few records, so a position is a cell and an offset within it. The cursor also pins the
 * revision of the first page: a sync that pages across an hour boundary still sees one
 * consistent snapshot, as with a real provider's snapshot cursors.
 */
export type SandboxCursor = { model: SyncModel; revision: number; cell: number; offset: number };

const counter = z.number().int().nonnegative();

const codec = cursorCodec<SandboxCursor>({
  provider: PROVIDER,
  // The sandbox is the provider itself: its cursors are the provider's own.
  issuer: "provider",
  write: (cursor) => ({ v: 1, m: cursor.model, r: cursor.revision, c: cursor.cell, o: cursor.offset }),
  read: z
    .object({ v: z.literal(1), m: z.enum(SYNC_MODELS), r: counter, c: counter, o: counter })
    .transform(({ m, r, c, o }) => ({ model: m, revision: r, cell: c, offset: o })),
});

export const encodeSandboxCursor = codec.encode;

/** Reads a cursor of `model`; throws ProviderError("malformed") for anything else. */
export function decodeSandboxCursor(text: string, model: SyncModel): SandboxCursor {
  return codec.decode(text, (cursor) => cursor.model === model);
}

export const malformedCursor = codec.malformed;
