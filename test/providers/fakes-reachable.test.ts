import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FAKE_BASE_URL_VARS } from "../fakes/base-urls.ts";

describe("fake providers", () => {
  // Every fake's first setting (Samsara's EU one points at the same fake).
  for (const name of Object.values(FAKE_BASE_URL_VARS).map((variables) => variables[0]! as keyof typeof env)) {
    it(`${name} is a fake provider on loopback, reached over real HTTP from the Worker`, async () => {
      expect(env[name]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const credential = `probe-${crypto.randomUUID()}`;
      const base = env[name] as string;
      const created = await fetch(`${base}/__fake/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ credential, vehicles: 3 }),
      });
      expect(created.status).toBe(201);
      const read = await fetch(`${base}/__fake/accounts/${credential}`);
      expect(await read.json()).toMatchObject({ credential, fleet: { vehicles: 3, revision: 0 } });
    });
  }
});
