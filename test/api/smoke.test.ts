import { describe, expect, it } from "vitest";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";

describe("smoke", () => {
  it("lists providers in the sandbox", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    expect(result.status).toBe(200);
    expect(result.body.map((p: { code: string }) => p.code)).toEqual(["sandbox"]);
  });
});
