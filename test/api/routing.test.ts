/**
 * Routing as clients of the public service meet it: a base address configured with a trailing
 * slash makes every path start with `//`, which must reach the same routes; a fixed path segment
 * wins over a parameter (`/vehicles/locations` is not a vehicle id); and a path that is no route
 * is a plain `not_found` in the contract's error shape.
 */
import { describe, expect, it } from "vitest";
import { expectError } from "../helpers/api-assertions";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";

async function connection() {
  const app = await createTestApplication();
  const created = await createSandboxConnection(app, { syncMode: "manual" });
  return { key: app.keys.sandbox.secret, token: created.token as string };
}

describe("routing", () => {
  it("takes repeated slashes as one anywhere in the path, and a trailing slash as none", async () => {
    const { key, token } = await connection();
    for (const path of ["//vehicles", "/vehicles/", "/vehicles//", "//vehicles//locations", "///connections/current"]) {
      const answer = await call("GET", `${BASE.sandbox}${path}`, { key, token });
      expect(answer.status, path).toBe(200);
    }
    const plain = await call("GET", `${BASE.sandbox}/vehicles/locations`, { key, token });
    const doubled = await call("GET", `${BASE.sandbox}//vehicles//locations`, { key, token });
    expect(doubled.body).toEqual(plain.body);
  });

  it("routes a fixed segment before a parameter: /vehicles/locations and /vehicles/utilization are not vehicle ids", async () => {
    const { key, token } = await connection();
    expect((await call("GET", `${BASE.sandbox}/vehicles/locations`, { key, token })).status).toBe(200);
    const utilization = await call("GET", `${BASE.sandbox}/vehicles/utilization`, { key, token });
    expect(utilization.status).not.toBe(404);
    expect(JSON.stringify(utilization.body)).not.toContain("vcl_");
  });

  it("answers a path that is no route with a plain not_found", async () => {
    const { key, token } = await connection();
    for (const path of ["/no-such-thing", "/vehicles/locations/extra", "//no//such//thing"]) {
      const answer = await call("GET", `${BASE.sandbox}${path}`, { key, token });
      expectError(answer, 404, "not_found");
      expect(answer.body.message, path).toMatch(/^No route for GET /);
    }
  });
});
