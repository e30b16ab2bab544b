/**
 * Faults every fake provider injects the same way, on top of its own (rate limits, 5xx,
 * truncated bodies): hanging past the client's timeout, well-formed bodies of the wrong shape,
 * and duplicated pages. Each injected fault is counted on the account (`injected`), so that a
 * test can report how many it survived.
 */
import { type FakeAccount, roll, sleep } from "./accounts.ts";

/** Counts one injected fault of a kind on the account. */
export function countFault(account: FakeAccount, kind: string): void {
  account.injected ??= {};
  account.injected[kind] = (account.injected[kind] ?? 0) + 1;
}

/** Rolls a fault and counts it when it happens. */
export function inject(account: FakeAccount, kind: string, probability: number | undefined): boolean {
  if (!roll(account, probability)) return false;
  countFault(account, kind);
  return true;
}

/** Hangs past the client's timeout when the timeout fault rolls; the answer that follows is never read. */
export async function maybeHang(account: FakeAccount): Promise<void> {
  if (inject(account, "timeout", account.faults.timeoutRate)) await sleep(account.faults.hangMs ?? 3000);
}

/** A 200 JSON body that parses but is not what the endpoint returns. */
export function wrongShape(body: Record<string, unknown> = { unexpected: "shape", data: "not a list" }): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

/** Every element of every top-level array (and of `data.<key>` arrays) appears twice, in place. */
export function duplicateRecords<T>(body: T): T {
  const twice = (list: unknown[]) => list.flatMap((item) => [item, item]);
  if (Array.isArray(body)) return twice(body) as T;
  if (!body || typeof body !== "object") return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(copy)) {
    if (Array.isArray(value)) copy[key] = twice(value);
    else if (value && typeof value === "object" && key === "data") copy[key] = duplicateRecords(value);
  }
  return copy as T;
}
