import type { NormalizedSafetyEvent, SafetyEventType } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type GeotabClient, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import { geotabClient } from "../login";
import { limitOf, MAX_RESULTS, unreadableIssue, windowOf } from "../paging";
import { geotabExceptionEvent } from "../payloads";
import { driverIdOf } from "../values";

/**
 * Safety events are the ExceptionEvents of Geotab's stock safety rules, in MyGeotab's one pace
 * for calls (providers.md 3.3).
 */
export const geotabSafetyEvents: ProviderModel<"safetyEvents"> = {
  pace: "calls",
  read: (request) => readSafetyEvents(geotabClient(request), request),
  normalize: mapSafetyEvent,
};

/**
 * Geotab's stock safety rules (ids are the same in every database) → wire-compat event types.
 * Customer-defined rules have generated ids and no fixed meaning, so they are not safety
 * events here; neither are stock rules about something else (idling, engine light, zones).
 */
export const SAFETY_RULES: Readonly<Record<string, SafetyEventType>> = {
  RuleHarshBrakingId: "harsh_brake",
  RuleJackrabbitStartsId: "harsh_acceleration",
  RuleHarshCorneringId: "harsh_turn",
  RulePostedSpeedingId: "speeding",
  RuleSpeedingId: "speeding",
  RuleSeatbeltId: "seat_belt_violation",
  RuleEnhancedMajorCollisionId: "crash",
  RuleEnhancedMinorCollisionId: "crash",
  RuleAccidentId: "crash",
};

/** The shortest span a safety-event request is halved to. */
const MIN_EVENT_SPAN_MS = 1000;

/**
 * Safety events of [from, to): one `Get ExceptionEvent` of the events overlapping a span of
 * the window (halved while the answer hits the 50,000 cap, so nothing was cut off), then the
 * page ends where its `pageSize`-th safety event would start. The next page asks for twice the
 * span this one covered, so pages cost about what they hold even in a busy fleet.
 */
async function readSafetyEvents(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const window = windowOf("safetyEvents", request);
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
    schema: "geotab.ExceptionEvent",
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

/** Whether an ExceptionEvent payload is one of a stock safety rule (the reader keeps only those). */
export function isSafetyEvent(payload: unknown): boolean {
  const rule = (payload as { rule?: { id?: unknown } } | null)?.rule?.id;
  return typeof rule === "string" && Object.hasOwn(SAFETY_RULES, rule);
}

/**
 * An ExceptionEvent of a stock safety rule, whose id is the `sourceType`: the event names its
 * rule by id only (the name is the Rule's, editable per database), and a stock rule's id is the
 * same in every database. Geotab records no location, speed or g-force on the event (those live
 * in LogRecord and StatusData), and no camera: cameras come from partner integrations (their
 * MediaFiles matched by device and time), not from the event, so the event has none.
 */
export function mapSafetyEvent(payload: unknown): NormalizedSafetyEvent {
  const event = parsePayload(PROVIDER, geotabExceptionEvent, payload, "ExceptionEvent");
  const type = SAFETY_RULES[event.rule.id];
  if (type === undefined) throw new ProviderError("malformed", `Geotab: rule ${event.rule.id} is not a safety rule.`);
  const driver = driverIdOf(event.driver);
  return {
    sourceId: event.id,
    type,
    sourceType: event.rule.id,
    ...(driver !== undefined ? { driverSourceId: driver } : {}),
    vehicleSourceId: event.device.id,
    startedAt: new Date(event.activeFrom).toISOString(),
    ...(event.activeTo !== undefined ? { endedAt: new Date(event.activeTo).toISOString() } : {}),
    cameraMedia: {},
  };
}
