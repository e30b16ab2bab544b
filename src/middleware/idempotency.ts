import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  fingerprintRequest,
  releaseIdempotencyKey,
} from "../domain/idempotency/keys";
import type { AppEnv } from "../env";
import { urlParts } from "../http/environments";
import { ApiError, badRequest } from "../http/errors";
import { hashSecret } from "../lib/crypto";
import { grantedConnection } from "./connection-grant";

const HEADER_PATH = "{requestHeaders}.idempotency-key";
/** Printable ASCII, like Stripe's keys (UUIDs, ULIDs, or any client-made string up to 255 characters). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Outcomes that are not kept for replay: the request did not run (validation, authentication,
 * role, rate limit) or failed on our side (5xx), so retrying with the same key should run it.
 * Everything else — successes and the answers of requests that ran (404, 409 of a running sync,
 * 410, 422, 501 …) — is replayed.
 */
const NOT_KEPT = new Set([400, 401, 403, 429]);

/**
 * `Idempotency-Key` on POST requests, with Stripe's semantics: the same key with the same
 * request (method, path, connection token, body) within 24 hours replays the stored response
 * with `Idempotent-Replayed: true`; the same key with another request is a bad_request naming
 * the key; a duplicate while the first still runs is a conflict. Keys belong to the caller's
 * application and environment. Runs after authentication (it needs the tenant) and the body limit.
 */
/** POST routes whose answers are not kept: every request reaches the provider. */
export const NOT_KEPT_PATHS = /\/passthrough$/;

export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  // A passthrough request is the provider's to deduplicate: its answer (possibly a stream) is never kept.
  if (c.req.method !== "POST" || key === undefined || NOT_KEPT_PATHS.test(c.req.path)) {
    await next();
    return;
  }
  if (!KEY_PATTERN.test(key)) {
    throw badRequest(
      "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
      HEADER_PATH,
      "Send a unique value per operation, such as a UUID.",
    );
  }
  const { applicationId, environment } = c.var.principal;
  const ref = { applicationId, environment, key };
  const requestHash = await hashRequest(c);
  const claim = await claimIdempotencyKey(c.var.db, c.env, ref, requestHash);
  switch (claim.outcome) {
    case "mismatch":
      throw badRequest(
        `The Idempotency-Key \`${key}\` was already used with a different request in the last 24 hours.`,
        HEADER_PATH,
        "Use a new key for a new request; reuse a key only to retry the exact same request.",
      );
    case "running":
      throw new ApiError("conflict", `A request with the Idempotency-Key \`${key}\` is still running; retry later.`);
    case "replay": {
      const { status, body, contentType } = claim.response;
      const headers: Record<string, string> = { "Idempotent-Replayed": "true" };
      if (contentType) headers["Content-Type"] = contentType;
      // Through the context, so the headers every response gets (X-Request-Id) are on the replay too.
      return c.body(body, status as ContentfulStatusCode, headers);
    }
  }

  try {
    await next();
  } catch (error) {
    // Hono answers errors through onError before this point; a throw here is unexpected. Release and rethrow.
    await releaseIdempotencyKey(c.var.db, ref);
    throw error;
  }
  const status = c.res.status;
  if (status >= 500 || NOT_KEPT.has(status)) {
    await releaseIdempotencyKey(c.var.db, ref);
    return;
  }
  await completeIdempotencyKey(c.var.db, c.env, ref, {
    status,
    body: await c.res.clone().text(),
    contentType: c.res.headers.get("content-type"),
  });
});

async function hashRequest(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  const token = c.req.header("connection-token");
  // The MCP server's requests name their connection by a grant, not a token (connection-grant.ts).
  const granted = grantedConnection(c.req.raw);
  // The path as routed (repeated slashes as one), so a retry spelled `//syncs` is the same request.
  return fingerprintRequest({
    method: c.req.method,
    environment: c.var.environment,
    path: urlParts(c.req.url).pathname,
    search: url.search,
    connectionTokenHash: token ? await hashSecret(token) : granted ? `grant:${granted.id}` : "",
    // Read through Hono's body cache, so the route's validator can still parse it.
    body: await c.req.text(),
  });
}
