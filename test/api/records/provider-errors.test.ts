/**
 * ProviderError kinds → API errors, mapped in one place (handle-error.ts) for every live
 * provider call; checked kind by kind here, and through the error handler for the headers.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../../src/env";
import { ERROR_STATUS } from "../../../src/http/errors";
import { fromProviderError, handleError } from "../../../src/http/handle-error";
import { ProviderError, type ProviderErrorKind } from "../../../src/providers/errors";
import { expectErrorShape } from "../../helpers/error-contract";

const CASES: [ProviderErrorKind, string, number][] = [
  ["provisioning_pending", "provider_provisioning_pending", 422],
  ["rate_limited", "too_many_requests", 429],
  ["unavailable", "bad_gateway", 502],
  ["malformed", "bad_gateway", 502],
  ["timeout", "gateway_timeout", 504],
  ["not_supported", "not_implemented", 501],
  ["unauthorized", "connection_disconnected", 422],
];

describe("fromProviderError", () => {
  it.each(CASES)("%s → %s (%i)", (kind, code, status) => {
    const error = fromProviderError(new ProviderError(kind, `provider said ${kind}`, 1));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(ERROR_STATUS[error.code]).toBe(status);
    expectErrorShape(error.toBody());
  });

  it("rate_limited carries retryAfter as the provider's delay rounded up to whole seconds", () => {
    expect(fromProviderError(new ProviderError("rate_limited", "slow down", 2.01)).retryAfter).toBe(3);
    expect(fromProviderError(new ProviderError("rate_limited", "slow down", 7)).retryAfter).toBe(7);
    // The contract always gives retryAfter with too_many_requests: 1 second when the provider named none.
    expect(fromProviderError(new ProviderError("rate_limited", "slow down")).retryAfter).toBe(1);
  });

  it("unauthorized answers connection_disconnected with an (empty) array detail", () => {
    expect(fromProviderError(new ProviderError("unauthorized", "token revoked")).toBody()).toEqual({
      code: "connection_disconnected",
      message: "token revoked",
      detail: [],
    });
  });

  it("gateway_timeout has only code and message", () => {
    expect(Object.keys(fromProviderError(new ProviderError("timeout", "slow")).toBody()).sort()).toEqual([
      "code",
      "message",
    ]);
  });
});

describe("the error handler with a ProviderError", () => {
  function appThrowing(error: Error) {
    const app = new OpenAPIHono<AppEnv>();
    app.onError(handleError);
    app.get("/", () => {
      throw error;
    });
    return app;
  }

  it("sets Retry-After from retryAfter on a provider rate limit", async () => {
    const response = await appThrowing(new ProviderError("rate_limited", "slow down", 4.5)).request("/");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ code: "too_many_requests", message: "slow down", retryAfter: 5 });
  });

  it.each(CASES)("answers %s with the mapped status", async (kind, code, status) => {
    const response = await appThrowing(new ProviderError(kind, "provider failure", 1)).request("/");
    expect(response.status).toBe(status);
    expect(((await response.json()) as { code: string }).code).toBe(code);
  });
});
