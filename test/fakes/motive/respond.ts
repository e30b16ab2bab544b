/**
 * How the fake Motive API answers (providers.md 2.2, 2.4): wrapped list pages with their
 * `pagination` block, `{ "error_message": … }` errors, and the readers of its query parameters
 * (Rails array params, `YYYY-MM-DD` date ranges) that its routes share.
 */
import type { FakeAccount } from "../accounts.ts";
import { json } from "../http-server.ts";

export const DAY_MS = 86_400_000;
const DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 100;

export type Json = Record<string, unknown>;

/** What a route needs: the account, the request's URL, the unit system it asked for, and the time it is served. */
export type Context = { account: FakeAccount; url: URL; metric: boolean; now: number };

/** An error answer; the body shape is an assumption (Motive documents none). */
export const error = (status: number, message: string, headers: Record<string, string> = {}) =>
  json({ error_message: message }, status, headers);

/** One page of a list, each element wrapped in its singular key, as Motive pages. */
export function page(url: URL, list: string, item: string, all: Json[]): Response {
  const asked = Number.parseInt(url.searchParams.get("per_page") ?? "", 10);
  const perPage = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_PER_PAGE) : DEFAULT_PER_PAGE;
  const askedPage = Number.parseInt(url.searchParams.get("page_no") ?? "", 10);
  const pageNo = Number.isFinite(askedPage) && askedPage > 0 ? askedPage : 1;
  const slice = all.slice((pageNo - 1) * perPage, pageNo * perPage);
  return json({
    [list]: slice.map((element) => ({ [item]: element })),
    pagination: { per_page: perPage, page_no: pageNo, total: all.length },
  });
}

/** Ids of a Rails array parameter (`ids[]=1&ids[]=2`), also accepted as a comma list. */
export function idsParam(url: URL, name: string): Set<number> | undefined {
  const values = [...url.searchParams.getAll(`${name}[]`), ...url.searchParams.getAll(name)].flatMap((value) =>
    value.split(","),
  );
  const ids = values.map((value) => Number(value.trim())).filter((value) => Number.isInteger(value));
  return values.length ? new Set(ids) : undefined;
}

/** The inclusive date range of `start_date`/`end_date`, or a 400 answer. */
export function dateRange(url: URL): { from: string; to: string } | Response {
  const from = url.searchParams.get("start_date");
  const to = url.searchParams.get("end_date");
  const valid = (date: string | null) =>
    date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date));
  if (!valid(from) || !valid(to)) return error(400, "start_date and end_date (YYYY-MM-DD) are required");
  if (from! > to!) return error(400, "start_date must not be after end_date");
  return { from: from!, to: to! };
}

export const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The first instant of a `YYYY-MM-DD` day (UTC), in epoch ms. */
export const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);
