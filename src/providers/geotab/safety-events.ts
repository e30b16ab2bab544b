import type { ProviderPage, ReadRequest } from "../types";
import type { GeotabClient } from "./client";
import { decodeCursor, encodeCursor } from "./cursor";
import { isSafetyEvent } from "./mapping";
import { limitOf, MAX_RESULTS, SCHEMAS, unreadableIssue, windowOf } from "./paging";

/** The shortest span a safety-event request is halved to. */
const MIN_EVENT_SPAN_MS = 1000;

/**
 * Safety events of [from, to): one `Get ExceptionEvent` of the events overlapping a span of
 * the window (halved while the answer hits the 50,000 cap, so nothing was cut off), then the
 * page ends where its `pageSize`-th safety event would start. The next page asks for twice the
 * span this one covered, so pages cost about what they hold even in a busy fleet.
 */
export async function readSafetyEvents(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const window = windowOf(request);
  const cursor = decodeCursor(request.cursor, "safetyEvents", "from");
  const from = cursor?.t ?? window.start;
  const pageSize = limitOf(request.pageSize);
  let to = Math.min(window.end, from + (cursor?.s ?? window.end - window.start));
  let events: unknown[] = [];
  while (from < to) {
    events = await client.get("ExceptionEvent", {
      search: { fromDate: new Date(from).toISOString(), toDate: new Date(to).toISOString() },
      resultsLimit: MAX_RESULTS,
    });
    if (events.length < MAX_RESULTS || to - from <= MIN_EVENT_SPAN_MS) break;
    to = from + Math.floor((to - from) / 2);
  }
  let unreadable = 0;
  const starting: { event: unknown; start: number }[] = [];
  for (const event of events) {
    if (!isSafetyEvent(event)) continue;
    const start = Date.parse(String((event as { activeFrom?: unknown }).activeFrom));
    if (Number.isNaN(start)) unreadable++;
    // Geotab answers the events overlapping the range; each belongs to the page it started in.
    else if (start >= from && start < to) starting.push({ event, start });
  }
  starting.sort((a, b) => a.start - b.start);
  const cut = starting[pageSize]?.start;
  // More than a page: end the page at the first event that does not fit (events of one same
  // millisecond stay together, however many).
  if (cut !== undefined) to = Math.max(cut, from + 1);
  const items = starting.filter(({ start }) => start < to).map(({ event }) => event);
  return {
    items,
    schema: SCHEMAS.safetyEvents,
    ...(to < window.end
      ? {
          nextCursor: encodeCursor("safetyEvents", {
            k: "from",
            t: to,
            s: Math.max(MIN_EVENT_SPAN_MS, (to - from) * 2),
          }),
        }
      : {}),
    ...(unreadable > 0 ? { issues: [unreadableIssue(unreadable, "ExceptionEvent")] } : {}),
  };
}
