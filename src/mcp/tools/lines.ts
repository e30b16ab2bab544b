/**
 * The item lines of a tool's text summary, at most a few dozen: the structured content carries the
 * whole page (up to 1,000 IFTA groups), and the text is what a model reads first.
 */
const MAX_LINES = 30;

export function itemLines<T>(items: readonly T[], line: (item: T) => string): string[] {
  const shown = items.slice(0, MAX_LINES).map(line);
  return items.length > MAX_LINES
    ? [...shown, `… and ${items.length - MAX_LINES} more in the structured content.`]
    : shown;
}

/** A record reference's id: the id itself, or the expanded record's. */
export const idOf = (reference: string | { id: string }) => (typeof reference === "string" ? reference : reference.id);
