/** The link page's form: its fields as posted, and the POST /link/short body they stand for. */

/** Every option of POST /link/short, as the form's text fields carry them (empty: not sent). */
export const LINK_FIELDS = [
  "name",
  "provider",
  "externalId",
  "tags",
  "redirectUrl",
  "syncMode",
  "backfillDays",
  "backfillStartFrom",
  "providerHints",
  "template",
  "expiresAt",
] as const;

export type LinkFormValues = Record<(typeof LINK_FIELDS)[number], string>;

/** The form's values as posted, trimmed; a missing field is empty. */
export function linkFormValuesOf(form: Record<string, unknown>): LinkFormValues {
  const values = {} as LinkFormValues;
  for (const field of LINK_FIELDS) {
    const value = form[field];
    values[field] = typeof value === "string" ? value.trim() : "";
  }
  return values;
}

/** A comma-separated list, its empty entries dropped (a trailing comma is not an empty tag). */
const listOf = (text: string) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");

/** A number where the text is one; otherwise the text itself, for the route to refuse with its own message. */
const numberOrText = (text: string): number | string => {
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
};

/**
 * A `datetime-local` value (no zone; the form labels it UTC) as the ISO 8601 date-time the route
 * reads; anything else goes as typed, for the route to judge.
 */
const utcDateTimeOf = (text: string) => {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return `${text}:00Z`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text)) return `${text}Z`;
  return text;
};

/**
 * The POST /link/short body of the form: each filled field as its member, lists split on commas,
 * the backfill from its two fields. Nothing is checked here: the route refuses what it refuses
 * (both backfill fields at once, a bad address, an unknown provider) with its own message.
 */
export function shortLinkBodyOf(values: LinkFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of ["name", "provider", "externalId", "redirectUrl", "syncMode", "template"] as const) {
    if (values[field] !== "") body[field] = values[field];
  }
  const tags = listOf(values.tags);
  if (tags.length > 0) body.tags = tags;
  const hints = listOf(values.providerHints);
  if (hints.length > 0) body.providerHints = hints;
  if (values.backfillDays !== "" || values.backfillStartFrom !== "") {
    body.backfill = {
      ...(values.backfillDays !== "" ? { days: numberOrText(values.backfillDays) } : {}),
      ...(values.backfillStartFrom !== "" ? { startFrom: values.backfillStartFrom } : {}),
    };
  }
  if (values.expiresAt !== "") body.expiresAt = utcDateTimeOf(values.expiresAt);
  return body;
}
