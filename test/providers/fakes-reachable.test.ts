import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("fake providers", () => {
  for (const name of ["SAMSARA_BASE_URL", "MOTIVE_BASE_URL", "GEOTAB_BASE_URL"] as const) {
    it(`${name} is a fake provider on loopback, reached over real HTTP from the Worker`, async () => {
      expect(env[name]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const credential = `probe-${crypto.randomUUID()}`;
      const created = await fetch(`${env[name]}/__fake/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ credential, vehicles: 3 }),
      });
      expect(created.status).toBe(201);
      const read = await fetch(`${env[name]}/__fake/accounts/${credential}`);
      expect(await read.json()).toMatchObject({ credential, fleet: { vehicles: 3, revision: 0 } });
    });
  }
});
