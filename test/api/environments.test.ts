/**
 * Which environment a request addresses, from its URL: the local configuration (one loopback
 * host, two paths) and the deployment one (two hosts, one path), plus the local one end to
 * end through the real app.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newApp } from "../../src/app";
import { API_PATH, baseUrlOf, matchBaseAddress, routingPath } from "../../src/http/environments";
import { createTestApplication } from "../helpers/factories";

const LOCAL = {
  PRODUCTION_BASE_URL: "http://127.0.0.1:8787/tsp/v1",
  SANDBOX_BASE_URL: "http://127.0.0.1:8787/sandbox/tsp/v1",
};
const DEPLOYMENT = {
  PRODUCTION_BASE_URL: "https://api.telematics.test/tsp/v1",
  SANDBOX_BASE_URL: "https://sandbox.telematics.test/tsp/v1",
};

const environmentOf = (url: string, config: typeof LOCAL) => matchBaseAddress(new URL(url), config)?.environment;
const routed = (url: string, config?: typeof LOCAL) => routingPath(new Request(url), config && { env: config });

describe("the local configuration (one loopback host, two paths)", () => {
  it("matches any loopback host on any port", () => {
    for (const host of ["127.0.0.1:8787", "localhost:8787", "[::1]:8787", "localhost:3000", "127.0.0.1", "[::1]:1"]) {
      expect(environmentOf(`http://${host}/tsp/v1/providers`, LOCAL), host).toBe("production");
      expect(environmentOf(`http://${host}/sandbox/tsp/v1/providers`, LOCAL), host).toBe("sandbox");
    }
  });

  it("matches the base path itself and paths below it, but not a longer segment", () => {
    expect(environmentOf("http://localhost:8787/tsp/v1", LOCAL)).toBe("production");
    expect(environmentOf("http://localhost:8787/tsp/v1/", LOCAL)).toBe("production");
    expect(environmentOf("http://localhost:8787/sandbox/tsp/v1", LOCAL)).toBe("sandbox");
    expect(environmentOf("http://localhost:8787/tsp/v1x/providers", LOCAL)).toBeUndefined();
    expect(environmentOf("http://localhost:8787/sandbox/tsp/v1x", LOCAL)).toBeUndefined();
    expect(environmentOf("http://localhost:8787/sandbox/providers", LOCAL)).toBeUndefined();
    expect(environmentOf("http://localhost:8787/", LOCAL)).toBeUndefined();
    expect(environmentOf("http://localhost:8787/admin/v1/applications", LOCAL)).toBeUndefined();
  });

  it("does not match a host that is not loopback", () => {
    for (const host of ["example.com:8787", "10.0.0.1:8787", "127.0.0.2:8787", "localhost.example.com:8787"]) {
      expect(environmentOf(`http://${host}/tsp/v1/providers`, LOCAL), host).toBeUndefined();
      expect(environmentOf(`http://${host}/sandbox/tsp/v1/providers`, LOCAL), host).toBeUndefined();
    }
  });

  it("answers the matched base address", () => {
    expect(matchBaseAddress(new URL("http://localhost:9/sandbox/tsp/v1/x"), LOCAL)).toMatchObject({
      environment: "sandbox",
      url: LOCAL.SANDBOX_BASE_URL,
      path: "/sandbox/tsp/v1",
    });
    expect(matchBaseAddress(new URL("http://[::1]:9/tsp/v1/x"), LOCAL)).toMatchObject({
      environment: "production",
      url: LOCAL.PRODUCTION_BASE_URL,
      path: "/tsp/v1",
    });
  });

  it("routes /sandbox/tsp/v1/x as /tsp/v1/x, and /tsp/v1/x as itself", () => {
    expect(API_PATH).toBe("/tsp/v1");
    expect(routed("http://localhost:8787/sandbox/tsp/v1/x", LOCAL)).toBe("/tsp/v1/x");
    expect(routed("http://127.0.0.1:8787/sandbox/tsp/v1/connections/current", LOCAL)).toBe(
      "/tsp/v1/connections/current",
    );
    expect(routed("http://[::1]:8787/sandbox/tsp/v1", LOCAL)).toBe("/tsp/v1");
    expect(routed("http://localhost:8787/tsp/v1/x", LOCAL)).toBe("/tsp/v1/x");
    expect(routed("http://localhost:8787/sandbox/tsp/v1/openapi.json?x=1", LOCAL)).toBe("/tsp/v1/openapi.json");
  });

  it("leaves paths of no base address alone", () => {
    expect(routed("http://localhost:8787/admin/v1/applications", LOCAL)).toBe("/admin/v1/applications");
    expect(routed("http://localhost:8787/", LOCAL)).toBe("/");
    expect(routed("http://example.com/sandbox/tsp/v1/x", LOCAL)).toBe("/sandbox/tsp/v1/x");
    // Without a configuration, nothing is rewritten.
    expect(routed("http://localhost:8787/sandbox/tsp/v1/x")).toBe("/sandbox/tsp/v1/x");
  });
});

describe("the deployment configuration (two hosts, one path)", () => {
  it("tells the environments apart by host", () => {
    expect(environmentOf("https://api.telematics.test/tsp/v1/providers", DEPLOYMENT)).toBe("production");
    expect(environmentOf("https://sandbox.telematics.test/tsp/v1/providers", DEPLOYMENT)).toBe("sandbox");
    expect(environmentOf("https://api.telematics.test/tsp/v1", DEPLOYMENT)).toBe("production");
    // The default port is the same host.
    expect(environmentOf("https://sandbox.telematics.test:443/tsp/v1/x", DEPLOYMENT)).toBe("sandbox");
  });

  it("matches nothing on a third host, on loopback, or with a wrong port", () => {
    expect(environmentOf("https://other.telematics.test/tsp/v1/providers", DEPLOYMENT)).toBeUndefined();
    expect(environmentOf("https://telematics.test/tsp/v1/providers", DEPLOYMENT)).toBeUndefined();
    expect(environmentOf("https://api.telematics.test.evil.test/tsp/v1/providers", DEPLOYMENT)).toBeUndefined();
    expect(environmentOf("http://localhost:8787/tsp/v1/providers", DEPLOYMENT)).toBeUndefined();
    expect(environmentOf("https://api.telematics.test:8443/tsp/v1/providers", DEPLOYMENT)).toBeUndefined();
    expect(environmentOf("https://sandbox.telematics.test:8787/tsp/v1/providers", DEPLOYMENT)).toBeUndefined();
  });

  it("matches nothing outside the base path on the right host", () => {
    expect(environmentOf("https://api.telematics.test/sandbox/tsp/v1/providers", DEPLOYMENT)).toBeUndefined();
    expect(environmentOf("https://api.telematics.test/tsp/v2/providers", DEPLOYMENT)).toBeUndefined();
    expect(environmentOf("https://api.telematics.test/admin/v1/applications", DEPLOYMENT)).toBeUndefined();
  });

  it("routes both hosts' paths unchanged", () => {
    expect(routed("https://api.telematics.test/tsp/v1/providers", DEPLOYMENT)).toBe("/tsp/v1/providers");
    expect(routed("https://sandbox.telematics.test/tsp/v1/providers", DEPLOYMENT)).toBe("/tsp/v1/providers");
    expect(routed("https://other.telematics.test/tsp/v1/providers", DEPLOYMENT)).toBe("/tsp/v1/providers");
  });

  it("switching configurations in one isolate answers each configuration's own result", () => {
    const url = "http://localhost:8787/sandbox/tsp/v1/x";
    expect(environmentOf(url, LOCAL)).toBe("sandbox");
    expect(environmentOf(url, DEPLOYMENT)).toBeUndefined();
    expect(environmentOf(url, LOCAL)).toBe("sandbox");
  });
});

describe("baseUrlOf", () => {
  it("answers each environment's configured base address, without a trailing slash", () => {
    expect(baseUrlOf("production", LOCAL)).toBe(LOCAL.PRODUCTION_BASE_URL);
    expect(baseUrlOf("sandbox", LOCAL)).toBe(LOCAL.SANDBOX_BASE_URL);
    expect(baseUrlOf("sandbox", { ...DEPLOYMENT, SANDBOX_BASE_URL: `${DEPLOYMENT.SANDBOX_BASE_URL}/` })).toBe(
      DEPLOYMENT.SANDBOX_BASE_URL,
    );
  });

  it("a configured trailing slash does not change what matches", () => {
    const slashed = {
      PRODUCTION_BASE_URL: "http://127.0.0.1:8787/tsp/v1/",
      SANDBOX_BASE_URL: "http://127.0.0.1:8787/sandbox/tsp/v1/",
    };
    expect(environmentOf("http://localhost:8787/sandbox/tsp/v1/x", slashed)).toBe("sandbox");
    expect(environmentOf("http://localhost:8787/tsp/v1", slashed)).toBe("production");
    expect(routed("http://localhost:8787/sandbox/tsp/v1/x", slashed)).toBe("/tsp/v1/x");
  });
});

describe("the local configuration through the real app", () => {
  const localEnv = () => ({ ...env, ...LOCAL });

  async function fetchLocal(url: string, init: RequestInit = {}) {
    const ctx = createExecutionContext();
    const response = await newApp().fetch(new Request(url, init), localEnv(), ctx);
    await waitOnExecutionContext(ctx);
    return { status: response.status, body: (await response.json()) as any, headers: response.headers };
  }

  it("serves the sandbox at /sandbox/tsp/v1 and production at /tsp/v1 on localhost", async () => {
    const app = await createTestApplication();
    const sandboxKey = { authorization: `Bearer ${app.keys.sandbox.secret}` };
    const productionKey = { authorization: `Bearer ${app.keys.production.secret}` };

    const sandbox = await fetchLocal("http://localhost:8787/sandbox/tsp/v1/providers", { headers: sandboxKey });
    expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(200);
    expect(sandbox.body.map((provider: { code: string }) => provider.code)).toContain("sandbox");

    const sandboxKeyInProduction = await fetchLocal("http://localhost:8787/tsp/v1/providers", { headers: sandboxKey });
    expect(sandboxKeyInProduction.status).toBe(401);
    expect(sandboxKeyInProduction.body.code).toBe("unauthorized");

    const production = await fetchLocal("http://localhost:8787/tsp/v1/providers", { headers: productionKey });
    expect(production.status, JSON.stringify(production.body)).toBe(200);
    // The sandbox provider is sandbox-only; the real providers are served in production.
    const codes = (production.body as { code: string }[]).map((provider) => provider.code);
    expect(codes).not.toContain("sandbox");
    expect(codes).toEqual(expect.arrayContaining(["samsara", "motive", "geotab"]));

    const productionKeyInSandbox = await fetchLocal("http://127.0.0.1:9999/sandbox/tsp/v1/providers", {
      headers: productionKey,
    });
    expect(productionKeyInSandbox.status).toBe(401);
  });

  it("serves the document with the local base addresses as servers, at both paths", async () => {
    for (const url of ["http://localhost:8787/tsp/v1/openapi.json", "http://[::1]:8787/sandbox/tsp/v1/openapi.json"]) {
      const document = await fetchLocal(url);
      expect(document.status, url).toBe(200);
      expect(document.body.servers.map((server: { url: string }) => server.url)).toEqual([
        LOCAL.PRODUCTION_BASE_URL,
        LOCAL.SANDBOX_BASE_URL,
      ]);
    }
  });

  it("does not serve the deployment hosts under the local configuration", async () => {
    const app = await createTestApplication();
    const result = await fetchLocal("https://sandbox.telematics.test/tsp/v1/providers", {
      headers: { authorization: `Bearer ${app.keys.sandbox.secret}` },
    });
    expect(result.status).toBe(404);
    expect(result.body.code).toBe("not_found");
  });

  it("lists the local base addresses in the service index", async () => {
    const index = await fetchLocal("http://localhost:8787/");
    expect(index.status).toBe(200);
    expect(index.body.environments).toEqual({
      production: LOCAL.PRODUCTION_BASE_URL,
      sandbox: LOCAL.SANDBOX_BASE_URL,
    });
  });
});
