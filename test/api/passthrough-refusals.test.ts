/**
 * POST /passthrough refuses, before anything reaches a provider, every request that could leave
 * the provider's API base or carry the caller's own credentials: each refusal is a
 * `bad_request` naming the field, and the provider is never called (the connection here is a
 * disconnected one: a request that got past the checks would be answered 422 instead).
 */
import { describe, expect, it } from "vitest";
import { pathProblem } from "../../src/domain/passthrough/checks";
import { detailAt, expectBadRequest, expectError } from "../helpers/api-assertions";
import { createTestApplication, insertConnection } from "../helpers/factories";
import { BASE, call } from "../helpers/http";

async function disconnected() {
  const app = await createTestApplication();
  const connection = await insertConnection(app, "sandbox", { status: "disconnected" });
  return (body: unknown) =>
    call("POST", `${BASE.sandbox}/passthrough`, { key: app.keys.sandbox.secret, token: connection.token, body });
}

const REFUSED_PATHS: [string, string][] = [
  ["fleet/vehicles", "relative without a leading slash"],
  ["//evil.example/steal", "a host"],
  ["https://evil.example/steal", "a scheme"],
  ["/redirect/https://evil.example", "a scheme inside the path"],
  ["/fleet/../admin", "a .. segment"],
  ["/fleet/./vehicles", "a . segment"],
  ["/..", "a .. at the end"],
  ["/%2e%2e/admin", "an encoded .."],
  ["/fleet%2F..%2Fadmin", "an encoded slash"],
  ["/fleet%5c..%5cadmin", "an encoded backslash"],
  ["/fleet%00", "an encoded NUL"],
  ["/%252e%252e/admin", "a double-encoded dot"],
  ["/fleet\\..\\admin", "a backslash"],
  ["/fleet vehicles", "whitespace"],
  ["/fleet\tvehicles", "a tab"],
  ["/fleet\nvehicles", "a line break"],
  ["/fleet#fragment", "a fragment"],
  ["/fleet/%zz", "a malformed percent-encoding"],
];

describe("POST /passthrough refusals", () => {
  it.each(REFUSED_PATHS)("refuses the path %j (%s)", async (path) => {
    const send = await disconnected();
    detailAt(expectBadRequest(await send({ method: "GET", path })), "{requestBody}.path");
  });

  it("accepts ordinary paths and queries, with encoded characters that stay characters", () => {
    for (const path of [
      "/fleet/vehicles",
      "/fleet/vehicles?limit=10&after=abc%3D%3D",
      "/v1/fault_codes?vehicle_ids[]=1&vehicle_ids[]=2",
      "/fleet/drivers/Ana%20Garcia",
      "/apiv1",
      "/reports/vehicles/veh-1.pdf",
      "/fleet/vehicles?next=/other/path",
    ]) {
      expect(pathProblem(path), path).toBeUndefined();
    }
  });

  it.each([
    ["Authorization", "Bearer caller-token"],
    ["authorization", "Basic dXNlcjpwYXNz"],
    ["Cookie", "session=abc"],
    ["X-Api-Key", "caller-key"],
    ["Proxy-Authorization", "Basic abc"],
    ["Host", "evil.example"],
    ["Content-Length", "10"],
    ["Transfer-Encoding", "chunked"],
    ["X-Forwarded-For", "10.0.0.1"],
  ])("refuses the caller's %s header", async (name, value) => {
    const send = await disconnected();
    const detail = detailAt(
      expectBadRequest(await send({ method: "GET", path: "/fleet/vehicles", headers: { [name]: value } })),
      `{requestBody}.headers.${name}`,
    );
    expect(detail.message).toContain(name);
  });

  it("refuses header values spanning lines, bad header names, a GET with a body, other methods and unknown fields", async () => {
    const send = await disconnected();
    detailAt(
      expectBadRequest(await send({ method: "GET", path: "/x", headers: { "X-Note": "a\r\nInjected: yes" } })),
      "{requestBody}.headers.X-Note",
    );
    detailAt(
      expectBadRequest(await send({ method: "GET", path: "/x", headers: { "Bad Name": "v" } })),
      "{requestBody}.headers.Bad Name",
    );
    detailAt(expectBadRequest(await send({ method: "GET", path: "/x", body: "{}" })), "{requestBody}.body");
    detailAt(expectBadRequest(await send({ method: "TRACE", path: "/x" })), "{requestBody}.method");
    expectBadRequest(await send({ method: "GET", path: "/x", url: "https://evil.example" }));
    detailAt(expectBadRequest(await send({ method: "GET" })), "{requestBody}.path");
  });

  it("answers a well-formed request on a disconnected connection 422, without reaching the provider", async () => {
    const send = await disconnected();
    expectError(await send({ method: "GET", path: "/fleet/vehicles" }), 422, "connection_disconnected");
  });
});
