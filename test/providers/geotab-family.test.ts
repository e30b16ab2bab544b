/**
 * The MyGeotab resellers (providers-more.md §10; wire-compat.md's `username,password,database?`
 * group): each listed by GET /providers under its own code and name, on the Geotab platform
 * (`baseCode`), with Geotab's credential form and models, and served by the one Geotab adapter:
 * a reseller's connection syncs its MyGeotab database like a Geotab connection.
 */
import { describe, expect, it } from "vitest";
import { GEOTAB_RESELLERS } from "../../src/providers/geotab/family";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { expected, expectFleet, stored } from "./geotab-canonical";
import { createGeotabAccount } from "./geotab-helpers";

/** The reference's names of the 18 codes, written out so the registry is checked against it. */
const FAMILY: Record<string, string> = {
  "advantage-one": "Advantage One",
  argos: "Argos Connected Solutions",
  attrix: "Attrix",
  "blue-arrow": "Blue Arrow Telematics",
  "eagle-wireless": "Eagle Wireless",
  "envue-telematics": "EnVue Telematics",
  "fleet-profit-center": "Fleet Profit Center",
  fleetistics: "Fleetistics",
  geotab: "Geotab",
  "geotab-att": "Geotab AT&T",
  gofleet: "GoFleet",
  gogps: "GoGPS",
  "gps-tracking-canada": "GPS Tracking Canada",
  "graybox-solutions": "GrayBox Solutions",
  gridline: "Gridline",
  "high-point-gps": "High Point GPS",
  "io-tab": "IoTab",
  transflo: "Transflo",
};

describe("the MyGeotab resellers", () => {
  it("are each listed under the reference's code and name, on the Geotab platform, with Geotab's form and models", async () => {
    const app = await createTestApplication();
    for (const environment of ["sandbox", "production"] as const) {
      const result = await call("GET", `${BASE[environment]}/providers`, { key: app.keys[environment].secret });
      expect(result.status).toBe(200);
      const byCode = new Map((result.body as any[]).map((provider) => [provider.code, provider]));
      const geotab = byCode.get("geotab");
      for (const [code, name] of Object.entries(FAMILY)) {
        const provider = byCode.get(code);
        expect(provider, code).toBeDefined();
        expect(provider).toMatchObject({ code, name, status: "live", baseCode: "geotab" });
        expect(provider.credentials.map((field: { name: string }) => field.name)).toEqual(
          geotab.credentials.map((field: { name: string }) => field.name),
        );
        expect(provider.supportedModels, code).toEqual(geotab.supportedModels);
        expect(provider.logo, code).toMatch(/^data:image\/svg\+xml;base64,/);
        expect(atob(provider.logo.split(",")[1]), code).toContain("<svg");
      }
    }
    expect(GEOTAB_RESELLERS).toHaveLength(17);
  });

  it("sync a reseller's MyGeotab database like Geotab's, under the reseller's code", async () => {
    const app = await createTestApplication();
    const account = await createGeotabAccount({ vehicles: 4 });
    const created = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "gofleet", credentials: account.credentials, syncMode: "manual" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.provider).toMatchObject({ code: "gofleet" });
    const key = app.keys.sandbox.secret;
    const { job } = await waitForSync(key, created.body.token, await lastSyncId(key, created.body.token), {
      timeoutMs: 60_000,
    });
    expect(job.status, job.failureReason).toBe("completed");
    expectFleet(await stored(key, created.body.token, "gofleet"), expected(account, job));
    const vehicles = await call("GET", `${BASE.sandbox}/vehicles?raw=true&limit=1`, { key, token: created.body.token });
    expect(vehicles.body.results[0].provider).toBe("gofleet");
    expect(vehicles.body.results[0].raw[0].provider).toBe("gofleet");
  });

  it("are offered by the hosted flow's picker", async () => {
    const app = await createTestApplication();
    const page = await call("GET", `https://link.telematics.test/?key=${app.keys.sandbox.publishable}`);
    expect(page.status).toBe(200);
    for (const name of ["GoFleet", "Geotab AT&amp;T", "Transflo"]) expect(String(page.body)).toContain(name);
  });
});
