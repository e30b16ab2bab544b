/**
 * The outer shield (src/api/middleware/flood-shield.ts) with a stand-in for the Workers Rate
 * Limiting binding: its real limit (10,000 per 10 s) is too high to reach in a test, and the
 * binding's own counting is Cloudflare's. Its configuration is checked against the API's limits.
 */
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { newApp } from "../../src/app";
import { forgetAuthenticatedKeys } from "../../src/domain/api-keys/authenticate";
import type { AppEnv, Env } from "../../src/env";
import { handleError } from "../../src/http/handle-error";
import { hashSecret } from "../../src/lib/crypto";
import { shieldFromFloods } from "../../src/middleware/flood-shield";
import wranglerToml from "../../wrangler.toml?raw";
import { createTestApplication } from "../helpers/factories";
import { BASE, backgroundContext } from "../helpers/http";

function shieldedApp() {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", shieldFromFloods);
  app.get("/", (c) => c.text("through", 200));
  return app;
}

/** A binding that admits `allowed` calls, and records the keys it was asked about. */
function stubShield(allowed: number) {
  const keys: string[] = [];
  const binding = {
    async limit({ key }: { key: string }) {
      keys.push(key);
      return { success: keys.length <= allowed };
    },
  };
  return { keys, env: { SHIELD: binding } as unknown as Env };
}

describe("flood shield", () => {
  it("counts by the hash of the presented Authorization, and answers 429 once the binding says no", async () => {
    const shield = stubShield(1);
    const headers = { authorization: "Bearer sk_test_unknown" };
    const first = await shieldedApp().request("/", { headers }, shield.env);
    expect(first.status).toBe(200);
    const second = await shieldedApp().request("/", { headers }, shield.env);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("10");
    expect(await second.json()).toMatchObject({ code: "too_many_requests", retryAfter: 10 });
    expect(shield.keys).toEqual([await hashSecret(headers.authorization), await hashSecret(headers.authorization)]);
  });

  it("is not consulted for a key this isolate remembers, and is again once the key is forgotten", async () => {
    const shield = stubShield(1_000);
    const app = newApp();
    const served = { ...env, SHIELD: shield.env.SHIELD } as Env;
    const { keys } = await createTestApplication();
    const headers = { authorization: `Bearer ${keys.sandbox.secret}` };
    const providers = () => app.request(`${BASE.sandbox}/providers`, { headers }, served, backgroundContext());
    expect((await providers()).status).toBe(200);
    expect(shield.keys).toEqual([await hashSecret(headers.authorization)]);
    // Authenticated a moment ago: no call to the binding (its check costs D1 nothing).
    expect((await providers()).status).toBe(200);
    expect((await providers()).status).toBe(200);
    expect(shield.keys).toHaveLength(1);
    // Forgotten (revocations forget every key): shielded again.
    forgetAuthenticatedKeys();
    expect((await providers()).status).toBe(200);
    expect(shield.keys).toHaveLength(2);
    // An unknown key is never remembered: every request meets the shield.
    const unknown = { authorization: "Bearer sk_test_unknown" };
    for (let index = 0; index < 2; index++) {
      const response = await app.request(
        `${BASE.sandbox}/providers`,
        { headers: unknown },
        served,
        backgroundContext(),
      );
      expect(response.status).toBe(401);
    }
    expect(shield.keys).toHaveLength(4);
  });

  it("lets requests without credentials through to the key check", async () => {
    const shield = stubShield(0);
    expect((await shieldedApp().request("/", {}, shield.env)).status).toBe(200);
    expect(shield.keys).toEqual([]);
  });

  it("admits more per credential than the application limit, so a client within its limits never meets it", () => {
    const shield = /\[\[ratelimits\]\]\s*name = "SHIELD"[^[]*?simple = \{ limit = (\d+), period = (\d+) \}/.exec(
      wranglerToml,
    );
    const applicationLimit = /^RATE_LIMIT_APPLICATION_PER_SECOND = "(\d+)"$/m.exec(wranglerToml);
    expect(shield, "the SHIELD binding in wrangler.toml").not.toBeNull();
    expect(applicationLimit, "RATE_LIMIT_APPLICATION_PER_SECOND in wrangler.toml").not.toBeNull();
    const [, limit, period] = shield!.map(Number);
    // A client sending at its application's full rate for a whole period of the shield.
    expect(limit!).toBeGreaterThan(Number(applicationLimit![1]) * period!);
  });
});
