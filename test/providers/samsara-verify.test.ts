/**
 * Verifying a Samsara API token: `GET /me` on the fake Samsara fills the account (name, DOT
 * number) and the connection's sourceId (the organization id); a token Samsara rejects (401)
 * is `invalid_credentials`; a token without the organization scope is checked with a cheaper
 * read and stays unnamed. The provider as GET /providers describes it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/errors";
import { samsaraAdapter } from "../../src/providers/samsara/adapter";
import { organizationOf } from "../fakes/samsara/render.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { createSamsaraAccount, denySamsaraScopes } from "./samsara-helpers";

describe("verify", () => {
  it("fills the account from GET /me: the organization's name, its DOT number, and its id as sourceId", async () => {
    const { token, name } = await createSamsaraAccount({ name: "Acme Freight" });
    const organization = organizationOf(token, name);
    const verified = await samsaraAdapter.verify({ apiToken: token }, { env });
    expect(verified).toEqual({
      sourceId: organization.id,
      account: { name: "Acme Freight", dotNumbers: [String(organization.carrierSettings.dotNumber)] },
    });
  });

  it("reaches the EU region's base URL when the region is eu", async () => {
    const { token } = await createSamsaraAccount();
    const verified = await samsaraAdapter.verify(
      { apiToken: token, region: "eu" },
      { env: { ...env, SAMSARA_BASE_URL: "http://127.0.0.1:9" } },
    );
    expect(verified.sourceId).toBe(organizationOf(token, "").id);
  });

  it("throws invalid_credentials for a token Samsara answers 401", async () => {
    const error = await samsaraAdapter.verify({ apiToken: "no-such-token" }, { env }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "invalid_credentials" });
  });

  it("accepts a token without the Read Org Information scope, checking it with one vehicle; the account stays unnamed", async () => {
    const { token } = await createSamsaraAccount();
    await denySamsaraScopes(token, ["Read Org Information"]);
    expect(await samsaraAdapter.verify({ apiToken: token }, { env })).toEqual({ account: { dotNumbers: [] } });
    await denySamsaraScopes(token, ["Read Org Information", "Read Vehicles"]);
    expect(await samsaraAdapter.verify({ apiToken: token }, { env })).toEqual({ account: { dotNumbers: [] } });
  });

  it("answers Samsara's server errors as a provider error, not as invalid credentials", async () => {
    const { token } = await createSamsaraAccount({ faults: { serverErrorRate: 1 } });
    const error = await samsaraAdapter.verify({ apiToken: token }, { env }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ProviderError", kind: "unavailable" });
  });
});

describe("POST /connections with provider samsara", () => {
  it("creates a connected connection whose account and sourceId come from Samsara", async () => {
    const app = await createTestApplication();
    const { token, name } = await createSamsaraAccount({ vehicles: 2 });
    const created = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "samsara", credentials: { apiToken: token, region: "us" }, syncMode: "manual" },
    });
    expect(created.status).toBe(201);
    const organization = organizationOf(token, name);
    expect(created.body).toMatchObject({
      status: "connected",
      sourceId: organization.id,
      account: { name, dotNumbers: [String(organization.carrierSettings.dotNumber)] },
    });
  });

  it("answers 422 invalid_credentials when Samsara rejects the token", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "samsara", credentials: { apiToken: `revoked-${crypto.randomUUID()}` } },
    });
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({ code: "invalid_credentials" });
  });

  it("answers a rate-limited verification 429 with Samsara's delay rounded up, and a failing one 502", async () => {
    const app = await createTestApplication();
    const limited = await createSamsaraAccount({ faults: { rateLimitRate: 1, retryAfterSeconds: 0.40235 } });
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "samsara", credentials: { apiToken: limited.token } },
    });
    expect(result.status).toBe(429);
    expect(result.body).toMatchObject({ code: "too_many_requests", retryAfter: 1 });
    expect(result.headers.get("retry-after")).toBe("1");
    const failing = await createSamsaraAccount({ faults: { serverErrorRate: 1 } });
    const failed = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "samsara", credentials: { apiToken: failing.token } },
    });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: "bad_gateway" });
  });

  it("validates the credentials against the form: apiToken required, region us or eu", async () => {
    const app = await createTestApplication();
    for (const credentials of [{}, { apiToken: "x", region: "apac" }, { apiToken: "x", password: "y" }]) {
      const result = await call("POST", `${BASE.sandbox}/connections`, {
        key: app.keys.sandbox.secret,
        body: { provider: "samsara", credentials },
      });
      expect(result.status, JSON.stringify(credentials)).toBe(400);
    }
  });
});

describe("GET /providers", () => {
  it("lists Samsara as live, with its form and every model supported", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.production}/providers`, { key: app.keys.production.secret });
    const samsara = result.body.find((provider: { code: string }) => provider.code === "samsara");
    expect(samsara).toMatchObject({
      name: "Samsara",
      status: "live",
      logo: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    expect(samsara.credentials.map((field: { name: string }) => field.name)).toEqual(["apiToken", "region"]);
    for (const model of ["Vehicle", "Driver", "Group", "Device", "VehicleUtilization", "SafetyEvent", "CameraMedia"]) {
      expect(samsara.supportedModels[model].supportedOperations.read, model).toBe("supported");
    }
  });
});
