import { ProviderError } from "../errors";

/**
 * MiX ids are 64-bit integers (`AssetId`, `DriverId`, `GroupId`…), often beyond 2^53 and
 * negative, which `JSON.parse` would round. An integer of 16 or more digits in an `…Id` field is
 * read as its exact digits (a string); shorter ones stay numbers. Ids are sent back as bare
 * integers (`idArray`).
 */
const LONG_ID = /("[A-Za-z]*Id"\s*:\s*)(-?\d{16,})(?=\s*[,}\]])/g;

export function parseMixJson(provider: string, text: string): unknown {
  try {
    return JSON.parse(text.replace(LONG_ID, '$1"$2"'));
  } catch {
    throw new ProviderError("malformed", `${provider} sent a body that is not valid JSON.`);
  }
}

/** A JSON array of ids (asset ids, group ids) as MiX takes them: bare integers, exact. */
export function idArray(ids: readonly string[]): string {
  for (const id of ids) if (!/^-?\d{1,20}$/.test(id)) throw new Error(`Not a MiX id: ${id}`);
  return `[${ids.join(",")}]`;
}

/** An id as text, whichever way it was read. */
export const idText = (id: string | number) => String(id);
