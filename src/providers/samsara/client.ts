import type { z } from "@hono/zod-openapi";
import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { ProviderError } from "../errors";
import { expectOk, providerFetch, readJson } from "../http";
import { describeIssues } from "../kit/parse";
import type { Pacer, ProviderContext } from "../types";

/**
 * A small typed client of Samsara's REST API (providers.md section 1): bearer-token auth, the
 * region's base URL from configuration, one request per call (the sync engine owns retries:
 * a 429 is thrown as rate_limited with its fractional Retry-After, never slept on here), and
 * Samsara's cursor paging. The official `@samsarahq/samsara` client would also work in
 * Workers, but a dependency needs approval and this is all the adapter uses.
 */

export const PROVIDER = "Samsara";

export type SamsaraRegion = "us" | "eu";

/** A 403: the token is valid but lacks the scope an endpoint needs (or the org lacks the license). */
export class SamsaraForbiddenError extends ProviderError {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super("malformed", `Samsara refused ${path} (403): the API token lacks the scope it needs. ${detail}`.trim());
    this.name = "SamsaraForbiddenError";
  }
}

export type SamsaraCredentials = { apiToken: string; region: SamsaraRegion };

/**
 * The credentials of the form (credentialFields) or of an OAuth grant (its access token is sent
 * exactly as an API token is), with the region's default.
 */
export function samsaraCredentials(credentials: Readonly<Record<string, string>>): SamsaraCredentials {
  const apiToken = credentials.accessToken ?? credentials.apiToken ?? "";
  return { apiToken, region: credentials.region === "eu" ? "eu" : "us" };
}

export type Query = Record<string, string | number | undefined>;

/** One page of a list: the records untouched, and the cursor of the next page (absent on the last). */
export type SamsaraPage = { data: unknown[]; after?: string };

export class SamsaraClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly pace: Pacer | undefined;

  constructor(
    private readonly credentials: SamsaraCredentials,
    context: ProviderContext,
  ) {
    const { env } = context;
    this.pace = context.pace;
    this.baseUrl = samsaraBaseUrl(env, credentials.region);
    this.timeoutMs = providerTimeoutMs(env);
  }

  /** GET a path; the JSON body validated by `schema` (a body that does not match is malformed). */
  async get<T>(path: string, query: Query, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== "") url.searchParams.set(name, String(value));
    }
    await this.pace?.();
    const response = await providerFetch(PROVIDER, url, {
      headers: { authorization: `Bearer ${this.credentials.apiToken}`, accept: "application/json" },
      timeoutMs: this.timeoutMs,
    });
    if (response.status === 403) throw new SamsaraForbiddenError(path, await errorMessage(response));
    const body = await readJson(PROVIDER, await expectOk(PROVIDER, response));
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ProviderError(
        "malformed",
        `Samsara answered ${path} with an unexpected body (${describeIssues(parsed.error)}).`,
      );
    }
    return parsed.data;
  }
}

/** The API's base URL of the account's region (cloud.samsara.com or cloud.eu.samsara.com), from configuration. */
export function samsaraBaseUrl(env: Env, region: SamsaraRegion): string {
  return (region === "eu" ? env.SAMSARA_EU_BASE_URL : env.SAMSARA_BASE_URL).replace(/\/+$/, "");
}

/**
 * The next cursor of a Samsara page: only when `hasNextPage` and `endCursor` is not empty. The
 * last page has `endCursor: ""` (the official client stops on an empty cursor; stopping on
 * either signal never loops).
 */
export function nextAfter(pagination: { endCursor?: string | null; hasNextPage: boolean } | null | undefined) {
  const cursor = pagination?.endCursor;
  return pagination?.hasNextPage && cursor ? cursor : undefined;
}

/** Samsara's error body `{ message, requestId }`, as one line for a failure reason. */
async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { message?: unknown; requestId?: unknown };
    const parts = [typeof body.message === "string" ? body.message : undefined];
    if (typeof body.requestId === "string") parts.push(`(request ${body.requestId})`);
    return parts.filter(Boolean).join(" ");
  } catch {
    return text.slice(0, 200);
  }
}
