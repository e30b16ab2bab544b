import type { z } from "@hono/zod-openapi";
import type { Decoded } from "../db/tolerant-rows";
import { type BadRowStage, reportBadRow, UnpresentableRowError } from "../lib/bad-rows";
import { type CursorKey, encodeCursor } from "../lib/cursor";

type Presented<Item> =
  | { ok: true; id: string; item: Item }
  | { ok: false; id: string; stage: BadRowStage; error: unknown };

/**
 * Deepest nesting an answer may carry. JSON.stringify recurses: inside a request it overflows
 * the stack somewhere past a few thousand levels (issue 15: about 5,000), and where exactly
 * depends on the stack left at the call, so "try to serialize it" is no test. A fixed bound
 * is: far above anything stored through the API (options are at most 8 levels) or sent by a
 * provider, far below where serialization breaks.
 */
export const MAX_ANSWER_DEPTH = 1_000;

/**
 * Whether objects and arrays nest deeper than `maxDepth` in `value`; iterative, stops at the
 * first too deep. Runs on every row of every page, so it keeps its stack in two flat arrays
 * (no pair per node) and skips scalars without pushing them.
 */
function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = depths.pop() as number;
    if (depth > maxDepth) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === "object" && child !== null) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * One row through the steps that can fail on a bad stored value: building the view, the
 * response schema, and the depth JSON.stringify can write. Synchronous when `present` is (every
 * family's presenter but a few): a page of 100 rows then costs no promise per row.
 */
function presentOne<Schema extends z.ZodType, Row>(
  id: string,
  row: Row,
  schema: Schema,
  present: (row: Row) => unknown,
): Presented<z.output<Schema>> | Promise<Presented<z.output<Schema>>> {
  let view: unknown;
  try {
    view = present(row);
  } catch (error) {
    return { ok: false, id, stage: "present", error };
  }
  if (view instanceof Promise) {
    return view.then(
      (settled) => checkView(id, settled, schema),
      (error: unknown): Presented<z.output<Schema>> => ({ ok: false, id, stage: "present", error }),
    );
  }
  return checkView(id, view, schema);
}

/** A view through the response schema and the depth check. */
function checkView<Schema extends z.ZodType>(id: string, view: unknown, schema: Schema): Presented<z.output<Schema>> {
  const parsed = schema.safeParse(view);
  if (!parsed.success) return { ok: false, id, stage: "schema", error: parsed.error };
  if (nestsDeeperThan(parsed.data, MAX_ANSWER_DEPTH)) {
    return { ok: false, id, stage: "serialize", error: new RangeError(`nested deeper than ${MAX_ANSWER_DEPTH}`) };
  }
  return { ok: true, id, item: parsed.data };
}

/** The entries, awaited only when some of them are promises. */
function settleAll<T>(entries: (T | Promise<T>)[]): T[] | Promise<T[]> {
  return entries.some((entry) => entry instanceof Promise) ? Promise.all(entries) : (entries as T[]);
}

type PageOptions<Schema extends z.ZodType, Row> = {
  table: string;
  item: Schema;
  limit: number;
  secret: string;
  scope: string;
  present: (row: Row) => unknown;
};

/**
 * A page of `limit + 1` rows (the extra one says another page follows), each presented,
 * parsed by the item's response schema and checked to be writable as JSON, one by one.
 *
 * A row that fails any step (bad JSON in a column, a token that does not decrypt, a value
 * the schema refuses, nesting too deep to write) is left out of the page and reported
 * once (reportBadRow: table and id, never content). Left out, not presented in a reduced
 * form: every field of these items is required by the contract or means something when
 * absent (an empty `options`, say, would tell the caller its options are gone), so no
 * reduced form would be both valid and true. The cursor still continues after the last row
 * READ, so the rest of the list pages on to its end: one bad row never costs the others,
 * and a page may hold fewer than `limit` items, which `next` already allows.
 */
export async function presentPage<Schema extends z.ZodType, Row extends { id: string }>(
  rows: Decoded<Row>[],
  options: PageOptions<Schema, Row>,
): Promise<{ results: z.output<Schema>[]; next?: string }>;
/** A page of rows keyed by other columns than an id: the cursor carries `keyOf` of the last row, reports name it too. */
export async function presentPage<Schema extends z.ZodType, Row>(
  rows: Decoded<Row>[],
  options: PageOptions<Schema, Row> & { keyOf: (row: Row) => CursorKey },
): Promise<{ results: z.output<Schema>[]; next?: string }>;
export async function presentPage<Schema extends z.ZodType, Row>(
  rows: Decoded<Row>[],
  options: PageOptions<Schema, Row> & { keyOf?: (row: Row) => CursorKey },
): Promise<{ results: z.output<Schema>[]; next?: string }> {
  const keyOf = options.keyOf ?? ((row: Row) => [(row as { id: string }).id]);
  const pageRows = rows.slice(0, options.limit);
  const presented = await settleAll(
    pageRows.map((result): Promise<Presented<z.output<Schema>>> | Presented<z.output<Schema>> =>
      result.ok
        ? presentOne(keyOf(result.row).join("|"), result.row, options.item, options.present)
        : { ok: false, id: result.id, stage: "decode", error: result.error },
    ),
  );
  const results: z.output<Schema>[] = [];
  for (const [index, entry] of presented.entries()) {
    if (entry.ok) {
      results.push(entry.item);
      continue;
    }
    const source = pageRows[index];
    const column = source && !source.ok ? source.column : undefined;
    reportBadRow({ table: options.table, id: entry.id, stage: entry.stage, column, error: entry.error });
  }
  const last = pageRows.at(-1);
  if (rows.length <= options.limit || last === undefined) return { results };
  return { results, next: await encodeCursor(options.secret, options.scope, last.ok ? keyOf(last.row) : [last.id]) };
}

/**
 * One stored row as the answer of a request for it: presented, parsed by the response
 * schema and checked to be writable as JSON. A row that fails is reported once and answered as a
 * generic internal_server_error (UnpresentableRowError), naming neither the row nor its content.
 */
export async function presentRecord<Schema extends z.ZodType>(
  table: string,
  id: string,
  schema: Schema,
  present: () => unknown,
): Promise<z.output<Schema>> {
  const presented = await presentOne(id, undefined, schema, present);
  if (presented.ok) return presented.item;
  reportBadRow({ table, id, stage: presented.stage, error: presented.error });
  throw new UnpresentableRowError(table, id);
}

/**
 * Records loaded for `expand`, presented: one that cannot be presented is reported and left
 * out, so the reference to it stays an id (which every expandable field allows).
 */
export async function presentReferences<Schema extends z.ZodType, Row>(
  table: string,
  rows: ReadonlyMap<string, Row>,
  schema: Schema,
  present: (row: Row) => unknown,
): Promise<Map<string, z.output<Schema>>> {
  const presented = await settleAll([...rows].map(([id, row]) => presentOne(id, row, schema, present)));
  const items = new Map<string, z.output<Schema>>();
  for (const entry of presented) {
    if (entry.ok) items.set(entry.id, entry.item);
    else reportBadRow({ table, id: entry.id, stage: entry.stage, error: entry.error });
  }
  return items;
}
