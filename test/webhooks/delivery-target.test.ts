import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkDeliveryTarget } from "../../src/webhooks/resolve-host";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { createEndpoint, newInbox, waitFor } from "./helpers";

// The fake resolver of the test run (test/fakes/doh.ts) answers from its table; other names are NXDOMAIN.
const strict = { WEBHOOK_DNS_RESOLVER_URL: env.WEBHOOK_DNS_RESOLVER_URL };
const loose = { ...strict, ALLOW_LOOPBACK_WEBHOOKS: "true" };

/** How many questions the fake resolver was asked about a name. */
async function queries(name: string): Promise<number> {
  const url = new URL(`/_control/queries?name=${encodeURIComponent(name)}`, env.WEBHOOK_DNS_RESOLVER_URL);
  return ((await (await fetch(url)).json()) as { queries: number }).queries;
}

describe("checkDeliveryTarget", () => {
  it("allows hosts whose every answer is public, CNAMEs and embedded public addresses included", async () => {
    for (const host of ["public.example.test", "alias.example.test", "nat64-public.example.test"]) {
      expect(await checkDeliveryTarget(`https://${host}/hook`, strict), host).toEqual({ ok: true });
      expect(await checkDeliveryTarget(`https://${host}/hook`, loose), host).toEqual({ ok: true });
    }
    // A trailing dot and upper case name the same host.
    expect(await checkDeliveryTarget("https://PUBLIC.example.test./hook", strict)).toEqual({ ok: true });
  });

  it("refuses hosts that resolve to a private, loopback, link-local, metadata or embedded private address", async () => {
    const refused: [host: string, address: string][] = [
      ["rebind.example.test", "127.0.0.1"],
      ["private.example.test", "10.0.0.1"],
      ["meta.example.test", "169.254.169.254"],
      ["mixed.example.test", "192.168.1.10"],
      ["alias-private.example.test", "10.1.2.3"],
      ["mapped.example.test", "::ffff:10.0.0.1"],
      ["nat64.example.test", "64:ff9b::a9fe:a9fe"],
      ["teredo.example.test", "2001:0:808:808::80ff:fffe"],
      ["loopback6.example.test", "::1"],
      ["garbage.example.test", "not-an-address"],
    ];
    for (const [host, address] of refused) {
      const result = await checkDeliveryTarget(`https://${host}/hook`, strict);
      expect(result, host).toEqual({
        ok: false,
        reason: `The endpoint's host ${host} resolves to ${address}, which is not a public address (private, loopback, link-local or reserved); the delivery was not sent.`,
      });
    }
  });

  it("allows loopback answers when loopback webhooks are allowed, but never private or metadata ones", async () => {
    expect(await checkDeliveryTarget("https://rebind.example.test/hook", loose)).toEqual({ ok: true });
    expect(await checkDeliveryTarget("https://loopback6.example.test/hook", loose)).toEqual({ ok: true });
    for (const host of [
      "private.example.test",
      "meta.example.test",
      "mixed.example.test",
      "mapped.example.test",
      "nat64.example.test",
      "alias-private.example.test",
    ]) {
      const result = await checkDeliveryTarget(`https://${host}/hook`, loose);
      expect(result, host).toMatchObject({ ok: false, reason: expect.stringContaining("not a public address") });
    }
  });

  it("refuses when the name does not resolve or the resolver fails, so the queue retries later", async () => {
    expect(await checkDeliveryTarget("https://nxdomain.example.test/hook", strict)).toEqual({
      ok: false,
      reason: "The endpoint's host nxdomain.example.test does not exist (NXDOMAIN); the delivery was not sent.",
    });
    expect(await checkDeliveryTarget("https://servfail.example.test/hook", strict)).toEqual({
      ok: false,
      reason: "The DNS lookup of servfail.example.test failed (DNS status SERVFAIL); the delivery was not sent.",
    });
    expect(await checkDeliveryTarget("https://broken.example.test/hook", strict)).toEqual({
      ok: false,
      reason:
        "The DNS lookup of broken.example.test failed (the resolver answered HTTP 502); the delivery was not sent.",
    });
    expect(await checkDeliveryTarget("https://empty.example.test/hook", strict)).toEqual({
      ok: false,
      reason: "The endpoint's host empty.example.test has no A or AAAA record; the delivery was not sent.",
    });
    expect(await checkDeliveryTarget("https://notjson.example.test/hook", strict)).toEqual({
      ok: false,
      reason:
        "The DNS lookup of notjson.example.test failed (the resolver's answer is not DNS JSON); the delivery was not sent.",
    });
  });

  it("judges literal addresses and loopback names without asking DNS, by the policy of today", async () => {
    expect(await checkDeliveryTarget("https://8.8.8.8/hook", strict)).toEqual({ ok: true });
    expect(await checkDeliveryTarget("https://[64:ff9b::808:808]/hook", strict)).toEqual({ ok: true });
    expect(await checkDeliveryTarget("http://127.0.0.1:9/hook", loose)).toEqual({ ok: true });
    expect(await checkDeliveryTarget("http://localhost:3000/hook", loose)).toEqual({ ok: true });
    expect(await checkDeliveryTarget("http://api.localhost:3000/hook", loose)).toEqual({ ok: true });
    for (const [url, allowed] of [
      ["https://127.0.0.1/hook", strict],
      ["http://127.0.0.1:9/hook", strict],
      ["https://localhost/hook", strict],
      ["https://[::ffff:7f00:1]/hook", strict],
      ["https://[64:ff9b::a9fe:a9fe]/hook", loose],
      ["https://[2002:a00:1::1]/hook", loose],
      ["http://10.0.0.1/hook", loose],
      ["https://169.254.169.254/latest/meta-data/", loose],
      ["https://db.internal/hook", loose],
      ["http://public.example.test/hook", strict],
    ] as const) {
      const result = await checkDeliveryTarget(url, allowed);
      expect(result, url).toMatchObject({ ok: false, reason: expect.stringMatching(/The delivery was not sent\.$/) });
    }
    for (const name of ["8.8.8.8", "64:ff9b::808:808", "127.0.0.1", "localhost", "api.localhost", "db.internal"]) {
      expect(await queries(name), name).toBe(0);
    }
  });

  it("keeps answers for their TTL (at most a minute), and asks again when the TTL is 0", async () => {
    await checkDeliveryTarget("https://cached.example.test/hook", strict);
    await checkDeliveryTarget("https://cached.example.test/hook", strict);
    expect(await queries("cached.example.test")).toBe(2); // one A and one AAAA question
    await checkDeliveryTarget("https://uncached.example.test/hook", strict);
    await checkDeliveryTarget("https://uncached.example.test/hook", strict);
    expect(await queries("uncached.example.test")).toBe(4);
  });
});

describe("webhook delivery to a host that resolves inside", () => {
  it("records a failed attempt that says why, and sends nothing", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    const host = "e2e-private.example.test";
    // Created through the API: the synchronous policy allows the name; the delivery resolves it.
    const endpoint = await createEndpoint(app, {
      url: `https://${host}/${new URL(inbox.url).pathname.slice(1)}`,
      eventTypes: ["connection.created"],
    });
    await createSandboxConnection(app);
    const [first] = await waitFor(async () => {
      const listed = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}/deliveries`, {
        key: app.keys.sandbox.secret,
      });
      return listed.body.results.length ? listed.body.results : undefined;
    }, "a recorded attempt");
    expect(first).toMatchObject({ endpointId: endpoint.id, attempt: 1, status: "failed" });
    expect(first.error).toBe(
      `The endpoint's host ${host} resolves to 10.20.30.40, which is not a public address (private, loopback, link-local or reserved); the delivery was not sent.`,
    );
    expect(first).not.toHaveProperty("responseStatus");
    expect(await queries(host)).toBeGreaterThan(0);
    expect(await inbox.received()).toEqual([]);
    // The endpoint stays enabled and keeps failing until its DNS points outside (or 5 days pass).
    const after = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}`, {
      key: app.keys.sandbox.secret,
    });
    expect(after.body).toMatchObject({ enabled: true });
  });
});
