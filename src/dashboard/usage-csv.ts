/**
 * Records as CSV (RFC 4180): one row per record, one column per field of the records, nested objects
 * flattened to dotted names (`company.name`). The columns come from the records themselves, so the
 * file says what the API answered and nothing else: no field invented, none dropped.
 */

type Cell = string | number | boolean | null;

/** A record's fields as `dotted.name → value`; arrays stay one cell (JSON), since they have no column of their own. */
export function flattenRecord(record: Record<string, unknown>, prefix = ""): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  for (const [name, value] of Object.entries(record)) {
    const column = `${prefix}${name}`;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [nested, cell] of flattenRecord(value as Record<string, unknown>, `${column}.`))
        cells.set(nested, cell);
    } else if (Array.isArray(value)) {
      cells.set(column, JSON.stringify(value));
    } else if (value !== undefined) {
      cells.set(column, value as Cell);
    }
  }
  return cells;
}

/** A field as RFC 4180 writes it: quoted (its quotes doubled) when it holds a quote, a comma or a line break. */
export function csvField(value: Cell | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The records as a CSV file: a header of the columns in the order they first appear, then one line
 * per record (an empty cell where a record lacks a column), CRLF line ends. No records: an empty file,
 * since there is then no field to name.
 */
export function recordsToCsv(records: readonly Record<string, unknown>[]): string {
  if (records.length === 0) return "";
  const rows = records.map((record) => flattenRecord(record));
  const columns = [...new Set(rows.flatMap((row) => [...row.keys()]))];
  const lines = [
    columns.map(csvField).join(","),
    ...rows.map((row) => columns.map((column) => csvField(row.get(column))).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
