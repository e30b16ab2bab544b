import { describe, expect, it } from "vitest";
import { documentedProviderCodes } from "../../src/providers/provider-docs";
import { listProviders } from "../../src/providers/registry";
import { WIRE_SUPPORT } from "../../src/providers/wire-models";
import { expectError, expectRequestId } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";

/** Every model name of the public service's wire shape (data-families.md), in its order: written out, not imported, so the source is checked against the reference. */
const WIRE_MODELS = [
  "Group",
  "Vehicle",
  "Driver",
  "LatestVehicleLocation",
  "VehicleLocation",
  "VehicleStatLog",
  "Trailer",
  "LatestTrailerLocation",
  "Trip",
  "Device",
  "HOSLog",
  "HOSDailyLog",
  "HOSAvailableTime",
  "IFTASummary",
  "SafetyEvent",
  "CameraMedia",
  "FaultCodeEvent",
  "VehicleUtilization",
];
/**
 * The platforms whose adapters read every family (HOS, IFTA, trailers, fault codes); the newer
 * platforms' public APIs publish fewer, and supported-models.test.ts checks each claim of theirs.
 */
const EVERY_FAMILY = new Set(["samsara", "motive", "geotab", "sandbox"]);
/** The models this service serves today (for some providers at least); every other one is `not_supported_by_terminal`. */
const SERVED = [
  "Group",
  "Vehicle",
  "Driver",
  "LatestVehicleLocation",
  "VehicleLocation",
  "VehicleStatLog",
  "Trailer",
  "LatestTrailerLocation",
  "Trip",
  "Device",
  "HOSLog",
  "HOSDailyLog",
  "HOSAvailableTime",
  "IFTASummary",
  "SafetyEvent",
  "CameraMedia",
  "FaultCodeEvent",
  "VehicleUtilization",
];

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

  it("states for every model of the wire shape, by its PascalCase name, whether it can be read", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    for (const provider of result.body as { code: string; supportedModels: Record<string, any> }[]) {
      expect(Object.keys(provider.supportedModels), provider.code).toEqual(WIRE_MODELS);
      for (const model of WIRE_MODELS) {
        const { read } = provider.supportedModels[model].supportedOperations;
        if (SERVED.includes(model)) expect(WIRE_SUPPORT, model).toContain(read);
        else expect(read, `${provider.code} ${model}`).toBe("not_supported_by_terminal");
      }
      // Hours of service, IFTA, trailers and fault codes: every adapter of those platforms (MyGeotab's
      // resellers included) reads them.
      if (!EVERY_FAMILY.has((provider as { baseCode?: string }).baseCode ?? provider.code)) continue;
      for (const model of [
        "HOSLog",
        "HOSDailyLog",
        "IFTASummary",
        "Trailer",
        "LatestTrailerLocation",
        "FaultCodeEvent",
      ]) {
        expect(provider.supportedModels[model].supportedOperations.read, `${provider.code} ${model}`).toBe("supported");
      }
    }
    const sandbox = result.body.find((provider: { code: string }) => provider.code === "sandbox");
    // The sandbox serves a full synthetic fleet.
    for (const model of SERVED)
      expect(sandbox.supportedModels[model].supportedOperations.read, model).toBe("supported");
  });

  it("says how each provider samples vehicle locations (VehicleLocation: sampleRate, availableHistory)", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const byCode = new Map(
      (result.body as { code: string; supportedModels: Record<string, any> }[]).map((provider) => [
        provider.code,
        provider.supportedModels.VehicleLocation,
      ]),
    );
    expect(byCode.get("sandbox")).toEqual({
      supportedOperations: { read: "supported" },
      sampleRate: 30,
      availableHistory: null,
    });
    // Geotab's devices log by curve, not at a fixed rate.
    expect(byCode.get("geotab")).toMatchObject({ sampleRate: null, availableHistory: null });
    for (const [code, location] of byCode) {
      expect(Object.keys(location).sort(), code).toEqual(["availableHistory", "sampleRate", "supportedOperations"]);
    }
    // Every other model carries its supported operations only.
    for (const provider of result.body as { supportedModels: Record<string, object> }[]) {
      for (const model of WIRE_MODELS.filter((name) => name !== "VehicleLocation")) {
        expect(Object.keys(provider.supportedModels[model] ?? {})).toEqual(["supportedOperations"]);
      }
    }
  });
});

type Link = { title: string; url: string; description?: string };
type ProviderBody = { code: string; baseCode: string; userGuides: Link[]; references: Link[] };

describe("GET /providers: platform and documentation (baseCode, userGuides, references)", () => {
  it("names each provider's platform, its guides for the end user and its API references", async () => {
    const app = await createTestApplication();
    for (const environment of ["sandbox", "production"] as const) {
      const result = await call("GET", `${BASE[environment]}/providers`, { key: app.keys[environment].secret });
      expect(result.status).toBe(200);
      const providers = result.body as ProviderBody[];
      const codes = providers.map((provider) => provider.code);
      for (const provider of providers) {
        // A base is a platform this service knows, itself its own base: MyGeotab's resellers run on `geotab`.
        expect(codes, provider.code).toContain(provider.baseCode);
        expect(providers.find((base) => base.code === provider.baseCode)?.baseCode, provider.code).toBe(
          provider.baseCode,
        );
        if (provider.baseCode !== provider.code) expect(provider.baseCode, provider.code).toBe("geotab");
        expect(Array.isArray(provider.userGuides), provider.code).toBe(true);
        expect(Array.isArray(provider.references), provider.code).toBe(true);
        for (const guide of provider.userGuides) {
          expect(Object.keys(guide).sort(), provider.code).toEqual(["description", "title", "url"]);
          expect(guide.title.length).toBeGreaterThan(0);
          expect(guide.description?.length).toBeGreaterThan(0);
          expect(new URL(guide.url).protocol, guide.url).toBe("https:");
        }
        for (const reference of provider.references) {
          expect(Object.keys(reference).sort(), provider.code).toEqual(["title", "url"]);
          expect(reference.title.length).toBeGreaterThan(0);
          expect(new URL(reference.url).protocol, reference.url).toBe("https:");
        }
      }
      expect(codes).toContain("geotab");
    }
  });

  it("links every real provider to its own help and developer sites", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.production}/providers`, { key: app.keys.production.secret });
    const byCode = new Map((result.body as ProviderBody[]).map((provider) => [provider.code, provider]));
    const hosts = (links: Link[]) => links.map((link) => new URL(link.url).hostname);
    expect(hosts(byCode.get("samsara")?.userGuides ?? [])).toEqual(["kb.samsara.com"]);
    expect(hosts(byCode.get("samsara")?.references ?? [])).toContain("developers.samsara.com");
    expect(hosts(byCode.get("motive")?.userGuides ?? [])).toEqual(["helpcenter.gomotive.com"]);
    expect(hosts(byCode.get("motive")?.references ?? [])).toEqual(["developer.gomotive.com"]);
    expect(hosts(byCode.get("geotab")?.userGuides ?? [])).toEqual(["support.geotab.com"]);
    expect(hosts(byCode.get("geotab")?.references ?? [])).toContain("developers.geotab.com");
  });

  it("has the sandbox provider as its own platform with nothing outside to link to", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const sandbox = (result.body as ProviderBody[]).find((provider) => provider.code === "sandbox");
    expect(sandbox).toMatchObject({ baseCode: "sandbox", userGuides: [], references: [] });
  });

  it("documents every provider of the registry (no adapter forgotten in src/providers/provider-docs.ts)", () => {
    const registered = new Set([...listProviders("production"), ...listProviders("sandbox")].map((a) => a.code));
    expect(documentedProviderCodes().sort()).toEqual([...registered].sort());
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
