import type { z } from "@hono/zod-openapi";
import type { Visibility } from "../../db/schema";
import type { RawEntry } from "../../model/normalized";
import type { RawSchema, RecordMetadataSchema } from "./schemas";

/** Numbers leave the API rounded to 2 decimals (wire-compat.md, "Units and enums"). */
export { round2 } from "../../lib/units";

/** `{ [key]: value }` when the value is present, `{}` otherwise: absent optional fields are omitted, never null. */
export const optional = <K extends string, V>(key: K, value: V | null | undefined) =>
  (value === null || value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** The named fields of a row that are present, as they are: absent ones are omitted, never null. */
export function presentFields<Row, K extends keyof Row & string>(row: Row, ...keys: K[]) {
  return Object.fromEntries(
    keys.flatMap((key) => (row[key] === null || row[key] === undefined ? [] : [[key, row[key]]])),
  ) as { [P in K]?: NonNullable<Row[P]> };
}

export const isoOrUndefined = (value: Date | null | undefined) => value?.toISOString();

/** The contract's `metadata` of a synced record. */
export function presentMetadata(row: {
  addedAt: Date;
  modifiedAt: Date;
  deletedAt?: Date | null;
  visibility: Visibility;
}): z.infer<typeof RecordMetadataSchema> {
  return {
    addedAt: row.addedAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    ...optional("deletedAt", isoOrUndefined(row.deletedAt)),
    visibility: row.visibility,
  };
}

/** What every synced record starts with: its ids, provider and metadata. */
export function presentSynced(row: {
  id: string;
  sourceId: string;
  provider: string;
  addedAt: Date;
  modifiedAt: Date;
  deletedAt: Date | null;
  visibility: Visibility;
}) {
  return { id: row.id, sourceId: row.sourceId, provider: row.provider, metadata: presentMetadata(row) };
}

/** The provider's own creation and update times of a record, as `createdAt` and `updatedAt`. */
export function presentSourceTimes(row: { sourceCreatedAt: Date | null; sourceUpdatedAt: Date | null }) {
  return {
    ...optional("createdAt", isoOrUndefined(row.sourceCreatedAt)),
    ...optional("updatedAt", isoOrUndefined(row.sourceUpdatedAt)),
  };
}

/**
 * `{ raw: [entry] }` when the caller asked for raw payloads, `{}` otherwise. The entry's data
 * was stored as JSON, so it is one of the JSON values RawSchema allows.
 */
export function presentRaw(raw: boolean | undefined, entry: RawEntry | null): { raw?: z.infer<typeof RawSchema> } {
  return raw && entry ? { raw: [entry as z.infer<typeof RawSchema>[number]] } : {};
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

/** A reference that may be absent (a nullable column): omitted when it is. */
export function optionalReference<K extends string, Row, View>(
  key: K,
  id: string | null,
  loaded: ReadonlyMap<string, Row> | undefined,
  present: (row: Row) => View,
) {
  return optional(key, id === null ? undefined : reference(id, loaded, present));
}
