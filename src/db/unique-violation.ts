/**
 * True when a D1 error is a UNIQUE constraint failure. Check-then-insert code races with a
 * concurrent insert of the same key; the constraint is the real guard, and this turns its error
 * into the caller's `conflict` instead of a 500. D1 only reports it in the message text.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    if (current.message.includes("UNIQUE constraint failed")) return true;
    seen.add(current);
    current = current.cause;
  }
  return false;
}
