/**
 * GET /health: liveness for load balancers and the benchmarks' baseline. It answers before any
 * middleware: no key, no rate limit, no database.
 */
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";

describe("GET /health", () => {
  it("answers 200 { status: ok } without credentials, on every host", async () => {
    for (const origin of ["https://api.telematics.test", "https://sandbox.telematics.test", "https://elsewhere.test"]) {
      const result = await call("GET", `${origin}/health`);
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toMatch(/^application\/json/);
      expect(result.body).toEqual({ status: "ok" });
    }
  });

  it("ignores credentials, good or bad", async () => {
    const result = await call("GET", "https://api.telematics.test/health", { key: "sk_prod_not-a-key", token: "x" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: "ok" });
  });

  it("answers only GET: other methods are unknown routes", async () => {
    const result = await call("POST", "https://api.telematics.test/health");
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: "not_found" });
  });
});
