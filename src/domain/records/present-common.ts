import type { Visibility } from "../../db/schema";
import type { RawEntry } from "../../model/normalized";

/** Numbers leave the API rounded to 2 decimals (wire-compat.md, "Units and enums"). */
export { round2 } from "../../lib/units";

/** `{ [key]: value }` when the value is present, `{}` otherwise: absent optional fields are omitted, never null. */
export const optional = <K extends string, V>(key: K, value: V | null | undefined) =>
  (value === null || value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

export const isoOrUndefined = (value: Date | null | undefined) => value?.toISOString();

export type MetadataView = { addedAt: string; modifiedAt: string; deletedAt?: string; visibility: Visibility };

/** The contract's `metadata` of a synced record. */
export function presentMetadata(row: {
  addedAt: Date;
  modifiedAt: Date;
  deletedAt?: Date | null;
  visibility: Visibility;
}): MetadataView {
  return {
    addedAt: row.addedAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    ...optional("deletedAt", isoOrUndefined(row.deletedAt)),
    visibility: row.visibility,
  };
}

/** `{ raw: [entry] }` when the caller asked for raw payloads, `{}` otherwise. */
export function presentRaw(raw: boolean | undefined, entry: RawEntry | null): { raw?: RawEntry[] } {
  return raw && entry ? { raw: [entry] } : {};
}

/**
 * A reference field: the id, or, when the referenced records were loaded for `expand`, the
 * record presented. A reference to a record that is not in the connection stays an id.
 */
export function reference<Row, View>(
  id: string,
  loaded: ReadonlyMap<string, Row> | undefined,
  present: (row: Row) => View,
): string | View {
  const row = loaded?.get(id);
  return row === undefined ? id : present(row);
}
