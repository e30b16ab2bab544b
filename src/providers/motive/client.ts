import { z } from "@hono/zod-openapi";
import { providerTimeoutMs } from "../../config";
import { ProviderError } from "../errors";
import { expectOk, parseRetryAfter, providerFetch, readJson } from "../http";
import type { Pacer, ProviderContext } from "../types";
import { type MotivePagination, motivePagination } from "./payloads";

export const PROVIDER = "Motive";

/** Motive pages hold at most 100 records (`per_page`, providers.md 2.2). */
export const MOTIVE_MAX_PER_PAGE = 100;

/**
 * Delay before retrying after a 429 without Retry-After: Motive does not document the header
 * nor its limits' windows, so a few seconds spreads retries without stalling a sync for long.
 */
export const MOTIVE_DEFAULT_RETRY_AFTER_SECONDS = 10;

/**
 * Every request asks for metric units (`X-Metric-Units: true`): Motive then answers distances
 * in km and fuel in litres. Payloads that carry no unit flag of their own (location points) are
 * stored beside this choice, so their mapping never has to assume it.
 */
export const MOTIVE_METRIC_UNITS = true;

/** Query values; arrays are sent Rails-style (`vehicle_ids[]=1&vehicle_ids[]=2`). */
export type MotiveQuery = Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined>;

/** A 403: the key may not read this resource (scope, role or a feature the fleet has not licensed). */
export class MotiveForbiddenError extends Error {
  constructor(readonly path: string) {
    super(`${PROVIDER} refused access to ${path} (403).`);
    this.name = "MotiveForbiddenError";
  }
}

/**
 * The connection's authorization header: an OAuth grant's access token as a Bearer token, a
 * company API key in `X-Api-Key` (Motive refuses an API key sent as a Bearer token).
 */
export function motiveAuthorization(credentials: Readonly<Record<string, string>>): Record<string, string> {
  if (credentials.accessToken) return { authorization: `Bearer ${credentials.accessToken}` };
  if (credentials.apiKey) return { "X-Api-Key": credentials.apiKey };
  throw new ProviderError("unauthorized", `${PROVIDER}: the connection has no API key.`);
}

/** One page of a wrapped list: the inner objects, untouched, and where the listing stands. */
export type MotiveListPage = { items: unknown[]; pagination: MotivePagination; hasMore: boolean };

/**
 * A small typed client over providerFetch: the company API key in `X-Api-Key` (Motive rejects
 * an API key sent as a Bearer token), metric units asked for on every call, times left in UTC
 * (no `X-Time-Zone`: Motive rejects IANA names there, and UTC is its default).
 */
export class MotiveClient {
  constructor(
    private readonly baseUrl: string,
    private readonly authorization: Readonly<Record<string, string>>,
    private readonly timeoutMs?: number,
    private readonly pace?: Pacer,
  ) {}

  static of(context: ProviderContext, credentials: Readonly<Record<string, string>>): MotiveClient {
    return new MotiveClient(
      context.env.MOTIVE_BASE_URL,
      motiveAuthorization(credentials),
      providerTimeoutMs(context.env),
      context.pace,
    );
  }

  /** GET a path; the parsed JSON body, or a ProviderError / MotiveForbiddenError. */
  async get(path: string, query: MotiveQuery = {}): Promise<unknown> {
    return this.request(path, query, false);
  }

  /** GET a path that may be gone (a vehicle removed since it was listed): null on a 404. */
  async getOrNull(path: string, query: MotiveQuery = {}): Promise<unknown> {
    return this.request(path, query, true);
  }

  private async request(path: string, query: MotiveQuery, nullWhenMissing: boolean): Promise<unknown> {
    // Appended, not resolved: a base URL with a path (a proxy) keeps it.
    const url = new URL(`${this.baseUrl.replace(/\/+$/, "")}${path}`);
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(`${name}[]`, String(item));
      else url.searchParams.set(name, String(value));
    }
    await this.pace?.();
    const response = await providerFetch(PROVIDER, url, {
      headers: { ...this.authorization, "X-Metric-Units": String(MOTIVE_METRIC_UNITS), Accept: "application/json" },
      ...(this.timeoutMs === undefined ? {} : { timeoutMs: this.timeoutMs }),
    });
    if (response.status === 403) {
      await response.body?.cancel();
      throw new MotiveForbiddenError(path);
    }
    if (response.status === 404 && nullWhenMissing) {
      await response.body?.cancel();
      return null;
    }
    if (response.status === 429) {
      const detail = await response.text().catch(() => "");
      const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
      throw new ProviderError(
        "rate_limited",
        `${PROVIDER} answered 429${detail ? `: ${detail.slice(0, 200)}` : ""}`,
        retryAfter ?? MOTIVE_DEFAULT_RETRY_AFTER_SECONDS,
      );
    }
    return readJson(PROVIDER, await expectOk(PROVIDER, response));
  }

  /**
   * One page of a list endpoint. Motive wraps each element in a singular key
   * (`{ "vehicles": [{ "vehicle": {…} }] }`): the inner objects are returned.
   */
  async list(
    path: string,
    keys: { list: string; item: string },
    query: MotiveQuery,
    page: { no: number; perPage: number },
  ): Promise<MotiveListPage> {
    const body = await this.get(path, { ...query, per_page: page.perPage, page_no: page.no });
    const list = z.array(z.record(z.string(), z.unknown())).safeParse((body as Record<string, unknown>)?.[keys.list]);
    const paging = motivePagination.safeParse((body as Record<string, unknown>)?.pagination);
    if (!list.success || !paging.success || list.data.some((element) => !(keys.item in element))) {
      throw new ProviderError("malformed", `${PROVIDER}: ${path} did not answer a \`${keys.list}\` page.`);
    }
    const pagination = paging.data;
    const items = list.data.map((element) => element[keys.item]);
    // The answer's own per_page: Motive clamps what was asked for.
    return {
      items,
      pagination,
      hasMore: items.length > 0 && pagination.page_no * pagination.per_page < pagination.total,
    };
  }

  /** Every page of a (small) list, for lookups inside one page of work; bounded so a bad answer cannot loop. */
  async listAll(path: string, keys: { list: string; item: string }, query: MotiveQuery, maxPages = 50) {
    const items: unknown[] = [];
    // Page-number paging over data that changes between pages can repeat a record; callers sum
    // these lists (a day's IFTA distance), so each record id counts once.
    const seen = new Set<string>();
    for (let no = 1; no <= maxPages; no++) {
      const page = await this.list(path, keys, query, { no, perPage: MOTIVE_MAX_PER_PAGE });
      for (const item of page.items) {
        const id = recordIdOf(item);
        if (id !== undefined && seen.has(id)) continue;
        if (id !== undefined) seen.add(id);
        items.push(item);
      }
      if (!page.hasMore) return items;
    }
    throw new ProviderError("malformed", `${PROVIDER}: ${path} had more than ${maxPages} pages.`);
  }
}

/** A Motive record's own id, when it has one. */
function recordIdOf(item: unknown): string | undefined {
  if (!item || typeof item !== "object") return undefined;
  const id = (item as { id?: unknown }).id;
  return typeof id === "number" || typeof id === "string" ? String(id) : undefined;
}
