/**
 * Records for every `{id}` path parameter of the read API, so that a request generated from
 * the OpenAPI document names records that exist; the safety event is one whose camera media
 * the sandbox provider serves.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { issues } from "../../src/db/schema";
import { findProvider } from "../../src/providers/registry";
import type { ProviderAdapter } from "../../src/providers/types";
import { insertTrailer } from "./asset-factories";
import { dataDb, SANDBOX_CREDENTIALS, type TestApplication } from "./factories";
import type { Environment } from "./http";
import {
  ensureSafetyEvent,
  insertDevice,
  insertDriver,
  insertGroup,
  insertIssue,
  insertVehicle,
  ownerOf,
  type RecordOwner,
} from "./records-factories";

const DAY_MS = 86_400_000;

type SandboxConnection = { id: string; sourceId: string | null; createdAt: Date; options: Record<string, unknown> };

/** Per fleet seed: a safety event of the sandbox fleet whose camera media is readable (not still being prepared). */
const readableEventBySeed = new Map<string, Promise<string>>();

/**
 * A sandbox event whose camera media the provider serves at once: read from the adapter's own
 * listing of the last 30 days, exactly as the camera-media route will ask for it (same
 * credentials, options, account and creation time, so the same fleet).
 */
export function readableSandboxEvent(connection: SandboxConnection): Promise<string> {
  const seed = `${connection.sourceId ?? SANDBOX_CREDENTIALS.username}|${JSON.stringify(connection.options)}`;
  let found = readableEventBySeed.get(seed);
  if (found === undefined) {
    found = findReadableEvent(connection);
    readableEventBySeed.set(seed, found);
  }
  return found;
}

async function findReadableEvent(connection: SandboxConnection): Promise<string> {
  const adapter = findProvider("sandbox") as ProviderAdapter;
  const now = Date.now();
  let cursor: string | undefined;
  do {
    const page = await adapter.readPage("safetyEvents", {
      context: { env },
      credentials: SANDBOX_CREDENTIALS,
      options: connection.options,
      connection: { id: connection.id, sourceId: connection.sourceId, createdAt: connection.createdAt },
      window: { start: new Date(now - 30 * DAY_MS), end: new Date(now) },
      ...(cursor === undefined ? {} : { cursor }),
      pageSize: 200,
    });
    for (const item of page.items) {
      const event = adapter.normalize("safetyEvents", item);
      if (event.cameraMedia.frontFacing?.available !== false) return event.sourceId;
    }
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  throw new Error("the sandbox fleet has no event with readable camera media in the last 30 days");
}

/**
 * Records of a connection for every `{id}` path parameter of the read API, by id prefix, so
 * that a request generated from the OpenAPI document names records that exist (see
 * buildRequest's `pathIds`). The safety event is one the sandbox provider serves media for.
 */
export async function seedPathIds(
  app: TestApplication,
  connection: { id: string; sourceId?: string | null; createdAt: string | Date; options?: Record<string, unknown> },
  environment: Environment = "sandbox",
): Promise<Record<string, string>> {
  const owner = ownerOf(app, connection, environment);
  const sourceId = await readableSandboxEvent({
    id: connection.id,
    sourceId: connection.sourceId ?? null,
    createdAt: new Date(connection.createdAt),
    options: connection.options ?? {},
  });
  const [vehicle, driver, group, device, trailer, event, issue] = await Promise.all([
    insertVehicle(owner),
    insertDriver(owner),
    insertGroup(owner),
    insertDevice(owner),
    insertTrailer(owner),
    ensureSafetyEvent(owner, sourceId),
    ensureIssue(owner),
  ]);
  return {
    vcl_: vehicle.id,
    drv_: driver.id,
    group_: group.id,
    dvc_: device.id,
    trl_: trailer.id,
    sft_evt_: event.id,
    isu_: issue.id,
  };
}

/** The connection's one `missing_permissions` issue (one per connection and code), made the first time. */
async function ensureIssue(owner: RecordOwner) {
  const [existing] = await (await dataDb(owner.connectionId))
    .select()
    .from(issues)
    .where(and(eq(issues.connectionId, owner.connectionId), eq(issues.errorCode, "missing_permissions")));
  return existing ?? insertIssue(owner);
}
