import { z } from "zod";
import { type LinkParams, SYNC_MODES } from "../../db/schema";
import type { InputProblem } from "../../errors";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An absolute http(s) URL: anything else (javascript:, data:) must never become a navigation target. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** A backfill start: a date (YYYY-MM-DD, midnight UTC) or an ISO date-time, not in the future. */
export function parseBackfillStart(value: string, now = Date.now()): string | undefined {
  const time = DATE.test(value) ? Date.parse(`${value}T00:00:00.000Z`) : Date.parse(value);
  if (Number.isNaN(time) || time > now) return undefined;
  return new Date(time).toISOString();
}

/** The query parameters the browser SDK sends (wire-compat.md), with the flow's own `short_code` and `redirect_url`. */
const QuerySchema = z.object({
  sync_mode: z.enum(SYNC_MODES).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  external_id: z.string().trim().min(1).max(200).optional(),
  tags: z
    .string()
    .max(2000)
    .transform((value) =>
      value
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100)).max(50))
    .optional(),
  provider: z.string().trim().min(1).max(100).optional(),
  backfill_days: z
    .string()
    .regex(/^\d{1,4}$/, "must be a whole number of days")
    .transform(Number)
    .pipe(z.number().max(3650))
    .optional(),
  backfill_start_from: z
    .string()
    .max(40)
    .refine((value) => parseBackfillStart(value) !== undefined, "must be a past date (YYYY-MM-DD) or date-time")
    .transform((value) => parseBackfillStart(value) as string)
    .optional(),
  redirect_url: z.string().max(2000).refine(isHttpUrl, "must be an absolute http(s) URL").optional(),
});

export type ParsedLinkQuery = { ok: true; params: LinkParams } | { ok: false; problems: InputProblem[] };

/** Reads the flow's presets from its query string; every bad value becomes a problem naming the parameter. */
export function parseLinkQuery(query: Record<string, string>): ParsedLinkQuery {
  const result = QuerySchema.safeParse(query);
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => ({
        message: `${String(issue.path[0] ?? "query")}: ${issue.message}`,
        path: `{requestQuery}.${String(issue.path[0] ?? "")}`,
      })),
    };
  }
  const q = result.data;
  if (q.backfill_days !== undefined && q.backfill_start_from !== undefined) {
    return {
      ok: false,
      problems: [
        {
          message: "Give backfill_days or backfill_start_from, not both.",
          path: "{requestQuery}.backfill_days",
        },
      ],
    };
  }
  const params: LinkParams = {};
  if (q.name !== undefined) params.name = q.name;
  if (q.provider !== undefined) params.provider = q.provider;
  if (q.external_id !== undefined) params.externalId = q.external_id;
  if (q.tags !== undefined && q.tags.length > 0) params.tags = q.tags;
  if (q.sync_mode !== undefined) params.syncMode = q.sync_mode;
  if (q.backfill_days !== undefined) params.backfill = { days: q.backfill_days };
  if (q.backfill_start_from !== undefined) params.backfill = { startFrom: q.backfill_start_from };
  if (q.redirect_url !== undefined) params.redirectUrl = q.redirect_url;
  return { ok: true, params };
}
