/**
 * Destinations as an application manages them (issue 22): create, list, get, update and delete,
 * scoped to the application and environment, their configuration checked (each type's fields,
 * the endpoint's SSRF policy, the connections named), their credentials sealed and never answered.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { destinations } from "../../src/db/schema";
import { expectBadRequestAt, expectError } from "../helpers/error-contract";
import { createTestApplication, db, insertConnection, type TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { addMembership, createTestMember, memberCall } from "../members/helpers";

const SECRET = "wJalrXUtnFEMI-destination-secret-key";
const s3Body = (overrides: Record<string, unknown> = {}) => ({
  type: "s3",
  name: "Landing bucket",
  models: ["Vehicle", "Trip"],
  config: {
    endpoint: "http://127.0.0.1:9/",
    region: "us-east-1",
    bucket: "fleet-data",
    prefix: "telematics/prod",
    accessKeyId: "AKIATESTDESTINATION",
    secretAccessKey: SECRET,
  },
  ...overrides,
});

const post = (app: TestApplication, body: unknown) =>
  call("POST", `${BASE.sandbox}/destinations`, { key: app.keys.sandbox.secret, body });

describe("POST /destinations", () => {
  it("creates an r2 destination with its defaults", async () => {
    const app = await createTestApplication();
    const created = await post(app, { type: "r2", name: "Embedded bucket", models: ["Vehicle"] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^dst_[0-9A-HJKMNP-TV-Z]{26}$/),
      type: "r2",
      name: "Embedded bucket",
      models: ["Vehicle"],
      connectionIds: null,
      schedule: "after_sync",
      includeRaw: false,
      config: { prefix: "" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("creates an s3 destination whose credentials are sealed and never answered", async () => {
    const app = await createTestApplication();
    const connection = await insertConnection(app, "sandbox");
    const created = await post(app, s3Body({ connectionIds: [connection.id], schedule: "hourly", includeRaw: true }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      type: "s3",
      connectionIds: [connection.id],
      schedule: "hourly",
      includeRaw: true,
      config: { endpoint: "http://127.0.0.1:9", region: "us-east-1", bucket: "fleet-data", prefix: "telematics/prod" },
    });
    const answers = [
      JSON.stringify(created.body),
      JSON.stringify(
        (await call("GET", `${BASE.sandbox}/destinations/${created.body.id}`, { key: app.keys.sandbox.secret })).body,
      ),
      JSON.stringify((await call("GET", `${BASE.sandbox}/destinations`, { key: app.keys.sandbox.secret })).body),
    ];
    for (const answer of answers) {
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain("AKIATESTDESTINATION");
    }
    const [row] = await db().select().from(destinations).where(eq(destinations.id, created.body.id));
    expect(row?.credentialsEncrypted).toBeTruthy();
    expect(row?.credentialsEncrypted).not.toContain(SECRET);
    expect(JSON.stringify(row?.config)).not.toContain(SECRET);
  });

  it("takes AWS's endpoint for the region when none is given", async () => {
    const app = await createTestApplication();
    const { endpoint: _endpoint, ...config } = s3Body().config;
    const created = await post(app, s3Body({ config }));
    expect(created.body.config.endpoint).toBe("https://s3.us-east-1.amazonaws.com");
    const stream = await post(app, {
      type: "kinesis",
      name: "Stream",
      models: ["Trip"],
      config: { region: "eu-west-1", streamName: "fleet-records", accessKeyId: "AKIA", secretAccessKey: SECRET },
    });
    expect(stream.status, JSON.stringify(stream.body)).toBe(201);
    expect(stream.body.config).toEqual({
      endpoint: "https://kinesis.eu-west-1.amazonaws.com",
      region: "eu-west-1",
      streamName: "fleet-records",
    });
  });

  it("refuses what it cannot deliver, at the field", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const foreign = await insertConnection(other, "sandbox");
    expectBadRequestAt(await post(app, s3Body({ models: ["CameraMedia"] })), "{requestBody}.models[0]");
    expectBadRequestAt(await post(app, s3Body({ models: [] })), "{requestBody}.models");
    expectBadRequestAt(await post(app, { type: "ftp", name: "x", models: ["Vehicle"] }), "{requestBody}.type");
    const { secretAccessKey: _s, ...withoutSecret } = s3Body().config;
    expectBadRequestAt(await post(app, s3Body({ config: withoutSecret })), "{requestBody}.config.secretAccessKey");
    expectBadRequestAt(
      await post(app, { type: "r2", name: "x", models: ["Vehicle"], config: { bucket: "mine" } }),
      "{requestBody}.config",
    );
    for (const endpoint of [
      "http://10.0.0.1",
      "https://169.254.169.254",
      "ftp://s3.example.com",
      "https://metadata.google.internal",
    ]) {
      expectBadRequestAt(
        await post(app, s3Body({ config: { ...s3Body().config, endpoint } })),
        "{requestBody}.config.endpoint",
      );
    }
    for (const prefix of ["/abs", "trailing/", "a//b", "../up", "a/./b", "spaces are not"]) {
      expectBadRequestAt(
        await post(app, s3Body({ config: { ...s3Body().config, prefix } })),
        "{requestBody}.config.prefix",
      );
    }
    expectBadRequestAt(
      await post(app, s3Body({ config: { ...s3Body().config, bucket: "Not_A_Bucket" } })),
      "{requestBody}.config.bucket",
    );
    expectBadRequestAt(await post(app, s3Body({ connectionIds: [foreign.id] })), "{requestBody}.connectionIds[0]");
    const listed = await call("GET", `${BASE.sandbox}/destinations`, { key: app.keys.sandbox.secret });
    expect(listed.body.results).toEqual([]);
  });
});

describe("the other operations", () => {
  it("lists, gets, updates and deletes, within the application and environment", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const first = (await post(app, s3Body())).body;
    const second = (await post(app, { type: "r2", name: "Second", models: ["Driver"] })).body;
    const page = await call("GET", `${BASE.sandbox}/destinations?limit=1`, { key });
    expect(page.body.results.map((d: { id: string }) => d.id)).toEqual([first.id]);
    const next = await call("GET", `${BASE.sandbox}/destinations?limit=1&cursor=${page.body.next}`, { key });
    expect(next.body.results.map((d: { id: string }) => d.id)).toEqual([second.id]);
    expect(
      (await call("GET", `${BASE.production}/destinations`, { key: app.keys.production.secret })).body.results,
    ).toEqual([]);
    expectError(
      await call("GET", `${BASE.sandbox}/destinations/${first.id}`, { key: other.keys.sandbox.secret }),
      "not_found",
    );

    const patched = await call("PATCH", `${BASE.sandbox}/destinations/${first.id}`, {
      key,
      body: { name: "Renamed", models: ["Trip"], schedule: "daily", config: { prefix: "new/prefix" } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      name: "Renamed",
      models: ["Trip"],
      schedule: "daily",
      config: { bucket: "fleet-data", prefix: "new/prefix", region: "us-east-1" },
    });
    const [before] = await db().select().from(destinations).where(eq(destinations.id, first.id));
    expectBadRequestAt(
      await call("PATCH", `${BASE.sandbox}/destinations/${first.id}`, {
        key,
        body: { config: { accessKeyId: "AKIANEW" } },
      }),
      "{requestBody}.config.secretAccessKey",
    );
    expectBadRequestAt(
      await call("PATCH", `${BASE.sandbox}/destinations/${first.id}`, { key, body: { config: { streamName: "s" } } }),
      "{requestBody}.config.streamName",
    );
    expectBadRequestAt(
      await call("PATCH", `${BASE.sandbox}/destinations/${second.id}`, {
        key,
        body: { config: { accessKeyId: "AKIA", secretAccessKey: "x" } },
      }),
      "{requestBody}.config.accessKeyId",
    );
    const rotated = await call("PATCH", `${BASE.sandbox}/destinations/${first.id}`, {
      key,
      body: { config: { accessKeyId: "AKIANEW", secretAccessKey: "another-secret" } },
    });
    expect(rotated.status).toBe(200);
    const [after] = await db().select().from(destinations).where(eq(destinations.id, first.id));
    expect(after?.credentialsEncrypted).not.toBe(before?.credentialsEncrypted);

    expect((await call("DELETE", `${BASE.sandbox}/destinations/${first.id}`, { key })).status).toBe(204);
    expectError(await call("GET", `${BASE.sandbox}/destinations/${first.id}`, { key }), "not_found");
    expectError(await call("DELETE", `${BASE.sandbox}/destinations/${first.id}`, { key }), "not_found");
  });

  it("lets viewers read and only admins change", async () => {
    const app = await createTestApplication();
    const viewer = await createTestMember();
    await addMembership(app.id, viewer.id, "viewer");
    const created = (await post(app, { type: "r2", name: "Readable", models: ["Vehicle"] })).body;
    expect((await memberCall("GET", "sandbox", "/destinations", viewer)).status).toBe(200);
    expect((await memberCall("GET", "sandbox", `/destinations/${created.id}`, viewer)).status).toBe(200);
    expectError(
      await memberCall("POST", "sandbox", "/destinations", viewer, {
        body: { type: "r2", name: "x", models: ["Vehicle"] },
      }),
      "forbidden",
    );
    expectError(await memberCall("DELETE", "sandbox", `/destinations/${created.id}`, viewer), "forbidden");
  });
});
