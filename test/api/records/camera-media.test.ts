/**
 * GET /safety/events/{id}/camera-media against a real sandbox connection: the route looks the
 * event up in the caller's connection, then asks the sandbox adapter live. The sandbox's own
 * listing (through the adapter's public interface) supplies events of each media kind.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/lib/ids";
import type { CameraView, NormalizedSafetyEvent } from "../../../src/model/normalized";
import { findProvider } from "../../../src/providers/registry";
import type { ProviderAdapter, ReadRequest } from "../../../src/providers/types";
import { detailAt, expectBadRequest, expectError, ISO_DATE_TIME } from "../../helpers/api-assertions";
import {
  createSandboxConnection,
  createTestApplication,
  insertConnection,
  SANDBOX_CREDENTIALS,
  type TestApplication,
} from "../../helpers/factories";
import { BASE, call } from "../../helpers/http";
import { ensureSafetyEvent, insertSafetyEvent, ownerOf } from "../../helpers/records-factories";

const DAY_MS = 86_400_000;
const adapter = findProvider("sandbox") as ProviderAdapter;

type Kind = "video" | "image_only" | "pending" | "no_camera";
type SandboxEvent = { event: NormalizedSafetyEvent; kind: Kind };

/** A real sandbox connection and the events of its fleet over the last 30 days, by media kind. */
async function sandboxFleet() {
  const app = await createTestApplication();
  const connection = await createSandboxConnection(app);
  const request: Omit<ReadRequest, "cursor" | "window"> = {
    context: { env },
    credentials: SANDBOX_CREDENTIALS,
    options: {},
    connection: { id: connection.id, sourceId: connection.sourceId ?? null, createdAt: new Date(connection.createdAt) },
    pageSize: 500,
  };
  const now = Date.now();
  const events: NormalizedSafetyEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = await adapter.readPage("safetyEvents", {
      ...request,
      window: { start: new Date(now - 30 * DAY_MS), end: new Date(now) },
      ...(cursor === undefined ? {} : { cursor }),
    });
    events.push(...page.items.map((item) => adapter.normalize("safetyEvents", item)));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  const classified: SandboxEvent[] = [];
  for (const event of events) {
    const front = event.cameraMedia.frontFacing;
    if (front === undefined) classified.push({ event, kind: "no_camera" });
    else if (!front.available) classified.push({ event, kind: "pending" });
    else {
      // The adapter itself tells a video event from an image-only one.
      const { media } = await adapter.readCameraMedia(request, event.sourceId);
      classified.push({ event, kind: media.frontFacing?.videoUrl ? "video" : "image_only" });
    }
  }
  const pick = (kind: Kind) => {
    const found = classified.find((candidate) => candidate.kind === kind);
    if (!found) throw new Error(`the sandbox fleet has no ${kind} event in the last 30 days`);
    return found.event;
  };
  const owner = ownerOf(app, connection);
  const rowOf = (event: NormalizedSafetyEvent) =>
    ensureSafetyEvent(owner, event.sourceId, { cameraMedia: event.cameraMedia, startedAt: new Date(event.startedAt) });
  const media = (id: string, query = "") =>
    call("GET", `${BASE.sandbox}/safety/events/${id}/camera-media${query}`, {
      key: app.keys.sandbox.secret,
      token: connection.token,
    });
  return { app, connection, owner, request, pick, rowOf, media };
}

/** A URL with its expiry query removed: the part that does not change from one read to the next. */
const stable = (url: string | undefined) => url?.replace(/\?.*$/, "");

function expectView(view: CameraView, expected: CameraView, kind: "video" | "image_only") {
  expect(Object.keys(view).sort()).toEqual(
    kind === "video" ? ["imageUrl", "sourceId", "videoUrl"] : ["imageUrl", "sourceId"],
  );
  expect(view.sourceId).toBe(expected.sourceId);
  expect(stable(view.imageUrl)).toBe(stable(expected.imageUrl));
  expect(new URL(view.imageUrl as string).protocol).toBe("https:");
  if (kind === "video") {
    expect(stable(view.videoUrl)).toBe(stable(expected.videoUrl));
    expect(new URL(view.videoUrl as string).protocol).toBe("https:");
  }
}

describe("GET /safety/events/{id}/camera-media with the sandbox provider", () => {
  it("answers fresh video and image URLs of a video event, as the provider gives them", async () => {
    const fleet = await sandboxFleet();
    const event = fleet.pick("video");
    const row = await fleet.rowOf(event);
    const result = await fleet.media(row.id);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const { media } = await adapter.readCameraMedia(fleet.request, event.sourceId);
    expect(Object.keys(result.body).sort()).toEqual(Object.keys(media).sort());
    expectView(result.body.frontFacing, media.frontFacing as CameraView, "video");
    if (media.rearFacing) expectView(result.body.rearFacing, media.rearFacing, "video");
    expect(result.body).not.toHaveProperty("raw");
  });

  it("answers only an image URL for an image-only event", async () => {
    const fleet = await sandboxFleet();
    const event = fleet.pick("image_only");
    const row = await fleet.rowOf(event);
    const result = await fleet.media(row.id);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const { media } = await adapter.readCameraMedia(fleet.request, event.sourceId);
    expectView(result.body.frontFacing, media.frontFacing as CameraView, "image_only");
    expect(result.body.frontFacing).not.toHaveProperty("videoUrl");
  });

  it("answers 422 provider_provisioning_pending while the provider still prepares the media", async () => {
    const fleet = await sandboxFleet();
    const row = await fleet.rowOf(fleet.pick("pending"));
    expectError(await fleet.media(row.id), 422, "provider_provisioning_pending");
  });

  it("answers an empty object for an event without cameras", async () => {
    const fleet = await sandboxFleet();
    const row = await fleet.rowOf(fleet.pick("no_camera"));
    const result = await fleet.media(row.id);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({});
  });

  it("raw=true adds the provider's answer as a raw entry", async () => {
    const fleet = await sandboxFleet();
    const event = fleet.pick("video");
    const row = await fleet.rowOf(event);
    const result = await fleet.media(row.id, "?raw=true");
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.raw).toHaveLength(1);
    const [entry] = result.body.raw;
    expect(Object.keys(entry).sort()).toEqual(["data", "extractedAt", "provider", "schema"]);
    expect(entry.provider).toBe("sandbox");
    expect(entry.schema).toBe("sandbox.safety_events.media");
    expect(entry.extractedAt).toMatch(ISO_DATE_TIME);
    expect(entry.data.eventId).toBe(event.sourceId);
    expect(entry.data.clips.map((clip: { videoUrl?: string }) => stable(clip.videoUrl))).toContain(
      stable(result.body.frontFacing.videoUrl),
    );
    expect((await fleet.media(row.id, "?raw=false")).body).not.toHaveProperty("raw");
    detailAt(expectBadRequest(await fleet.media(row.id, "?raw=please")), "{requestQuery}.raw");
  });

  it("an event the provider does not know is a bad_gateway (the provider answered with an error)", async () => {
    const fleet = await sandboxFleet();
    const row = await insertSafetyEvent(fleet.owner, { sourceId: "sbx-evt-999999-20000101-0" });
    expectError(await fleet.media(row.id), 502, "bad_gateway");
  });
});

describe("GET /safety/events/{id}/camera-media: lookup and connection state", () => {
  it("an unknown id is not_found", async () => {
    const fleet = await sandboxFleet();
    expectError(await fleet.media(newId("safetyEvent")), 404, "not_found");
  });

  it("another connection's event is not_found, even when the provider would know it", async () => {
    const fleet = await sandboxFleet();
    const event = fleet.pick("video");
    // The same provider event stored for another connection of another application.
    const stranger = await createTestApplication();
    const strangerConnection = await createSandboxConnection(stranger);
    const theirs = await ensureSafetyEvent(ownerOf(stranger, strangerConnection), event.sourceId, {
      cameraMedia: event.cameraMedia,
    });
    const result = await fleet.media(theirs.id);
    expectError(result, 404, "not_found");
    expect(JSON.stringify(result.body)).not.toContain("https://");
  });

  it.each(["disconnected", "archived", "pending_deletion"] as const)(
    "a %s connection answers 422 connection_disconnected with an empty detail",
    async (status) => {
      const app = await createTestApplication();
      const connection = await insertConnection(app, "sandbox", { status });
      const row = await insertSafetyEvent(ownerOf(app, connection));
      const result = await call("GET", `${BASE.sandbox}/safety/events/${row.id}/camera-media`, {
        key: app.keys.sandbox.secret,
        token: connection.token,
      });
      const body = expectError(result, 422, "connection_disconnected");
      expect(body.detail).toEqual([]);
    },
  );

  it("a malformed id is a bad_request at {requestPath}.id", async () => {
    const fleet = await sandboxFleet();
    detailAt(expectBadRequest(await fleet.media("sft_evt_123")), "{requestPath}.id");
  });
});

describe("GET /safety/events/{id}/camera-media: provider failures", () => {
  async function withOptions(app: TestApplication, options: Record<string, unknown>, provider = "sandbox") {
    const connection = await insertConnection(app, "sandbox", { options, provider });
    const row = await insertSafetyEvent(ownerOf(app, connection), { sourceId: "sbx-evt-000001-20260105-0" });
    return call("GET", `${BASE.sandbox}/safety/events/${row.id}/camera-media`, {
      key: app.keys.sandbox.secret,
      token: connection.token,
    });
  }

  it("a provider rate limit is 429 too_many_requests, retryAfter rounded up, with Retry-After", async () => {
    const app = await createTestApplication();
    const result = await withOptions(app, { sandbox: { faults: { rateLimitRate: 1, retryAfterSeconds: 2.2 } } });
    const body = expectError(result, 429, "too_many_requests");
    expect(body.retryAfter).toBe(3);
    expect(result.headers.get("retry-after")).toBe("3");
  });

  it("a provider server error is 502 bad_gateway", async () => {
    const app = await createTestApplication();
    expectError(await withOptions(app, { sandbox: { faults: { serverErrorRate: 1 } } }), 502, "bad_gateway");
  });

  it("a provider timeout is 504 gateway_timeout with only code and message", async () => {
    const app = await createTestApplication();
    const result = await withOptions(app, { sandbox: { faults: { timeoutRate: 1 } } });
    expectError(result, 504, "gateway_timeout");
    expect(Object.keys(result.body).sort()).toEqual(["code", "message"]);
  });

  it("a provider this service does not know (any more) is 501 not_implemented", async () => {
    const app = await createTestApplication();
    expectError(await withOptions(app, {}, "retired-provider"), 501, "not_implemented");
  });

  it("the connection's own event row is looked up before the provider is asked", async () => {
    const app = await createTestApplication();
    const connection = await insertConnection(app, "sandbox", {
      options: { sandbox: { faults: { serverErrorRate: 1 } } },
    });
    const other = await insertConnection(app, "sandbox");
    const foreign = await insertSafetyEvent(ownerOf(app, other));
    // The failing provider is never reached: the event is not in this connection.
    const result = await call("GET", `${BASE.sandbox}/safety/events/${foreign.id}/camera-media`, {
      key: app.keys.sandbox.secret,
      token: connection.token,
    });
    expectError(result, 404, "not_found");
  });
});
