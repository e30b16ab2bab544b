import { describe, expect, it } from "vitest";
import { expectError, expectRequestId } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";

const MODELS = ["vehicles", "drivers", "groups", "devices", "vehicleUtilization", "safetyEvents", "cameraMedia"];

describe("GET /providers in the sandbox", () => {
  it("answers a bare JSON array, not a page", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    expect(result.status).toBe(200);
    expectRequestId(result);
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Array.isArray(result.body)).toBe(true);
    expect(result.body).not.toHaveProperty("results");
    expect(result.body).not.toHaveProperty("next");
  });

  it("lists the sandbox provider with code, name, status, logo and icon", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    expect(result.status).toBe(200);
    const sandbox = result.body.find((provider: { code: string }) => provider.code === "sandbox");
    expect(sandbox).toBeDefined();
    expect(sandbox).toMatchObject({ code: "sandbox", name: "Sandbox", status: "sandbox" });
    expect(typeof sandbox.logo).toBe("string");
    expect(sandbox.logo.length).toBeGreaterThan(0);
    expect(typeof sandbox.icon).toBe("string");
    expect(sandbox.icon.length).toBeGreaterThan(0);
    // Codes are unique.
    const codes = result.body.map((provider: { code: string }) => provider.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("describes the sandbox credential fields: a username and a password, both required", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const sandbox = result.body.find((provider: { code: string }) => provider.code === "sandbox");
    expect(Array.isArray(sandbox.credentials)).toBe(true);
    const byName = Object.fromEntries(sandbox.credentials.map((field: { name: string }) => [field.name, field]));
    expect(Object.keys(byName).sort()).toEqual(["password", "username"]);
    expect(byName.username).toMatchObject({ name: "username", type: "text", required: true });
    expect(byName.password).toMatchObject({ name: "password", type: "password", required: true });
    for (const field of sandbox.credentials) {
      expect(typeof field.label).toBe("string");
      expect(field.label.length).toBeGreaterThan(0);
    }
  });

  it("states per model whether the read operation is supported", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const sandbox = result.body.find((provider: { code: string }) => provider.code === "sandbox");
    expect(typeof sandbox.supportedModels).toBe("object");
    expect(Object.keys(sandbox.supportedModels).sort()).toEqual([...MODELS].sort());
    for (const model of MODELS) {
      expect(sandbox.supportedModels[model]).toEqual({ supportedOperations: { read: expect.any(String) } });
      expect(["supported", "not_supported_by_provider"]).toContain(
        sandbox.supportedModels[model].supportedOperations.read,
      );
    }
    // The sandbox serves a full synthetic fleet.
    expect(sandbox.supportedModels.vehicles.supportedOperations.read).toBe("supported");
  });
});

describe("GET /providers in production", () => {
  it("lists no sandbox provider", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.production}/providers`, { key: app.keys.production.secret });
    expect(result.status).toBe(200);
    expectRequestId(result);
    expect(Array.isArray(result.body)).toBe(true);
    for (const provider of result.body as { code: string; status: string }[]) {
      expect(provider.code).not.toBe("sandbox");
      expect(provider.status).not.toBe("sandbox");
    }
  });
});

describe("GET /providers authentication", () => {
  it("refuses a sandbox key at the production base address", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.production}/providers`, { key: app.keys.sandbox.secret });
    expectError(result, 401, "unauthorized");
  });

  it("refuses a request without a key", async () => {
    const result = await call("GET", `${BASE.sandbox}/providers`);
    expectError(result, 401, "unauthorized");
  });
});
