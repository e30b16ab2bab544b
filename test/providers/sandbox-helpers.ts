/**
 * Helpers for the sandbox provider's tests: read requests as the sync engine builds them, and
 * reading a listing to its end.
 */

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError, type ProviderErrorKind } from "../../src/providers/errors";
import { sandboxAdapter } from "../../src/providers/sandbox/adapter";
import type {
  SandboxFaultCode,
  SandboxTrailer,
  SandboxTrailerLocation,
} from "../../src/providers/sandbox/asset-payloads";
import type { SandboxHosDay, SandboxHosLog } from "../../src/providers/sandbox/hos-payloads";
import type { SandboxIftaDay } from "../../src/providers/sandbox/ifta-payloads";
import type {
  SandboxDevice,
  SandboxDriver,
  SandboxSafetyEvent,
  SandboxTag,
  SandboxUtilizationDay,
  SandboxVehicle,
} from "../../src/providers/sandbox/payloads";
import type {
  SandboxBreadcrumbDay,
  SandboxStatDay,
  SandboxTrip,
  SandboxVehicleLocation,
} from "../../src/providers/sandbox/series-payloads";
import type { ProviderPage, ReadRequest } from "../../src/providers/types";

/** Connections in these tests are created at 08:30 UTC, so revision R is 08:30 + R hours. */
export const CREATED_AT = new Date("2026-01-10T08:30:00.000Z");
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export type Payloads = {
  groups: SandboxTag;
  vehicles: SandboxVehicle;
  drivers: SandboxDriver;
  devices: SandboxDevice;
  trailers: SandboxTrailer;
  latestTrailerLocations: SandboxTrailerLocation;
  faultCodeEvents: SandboxFaultCode;
  vehicleUtilization: SandboxUtilizationDay;
  safetyEvents: SandboxSafetyEvent;
  latestVehicleLocations: SandboxVehicleLocation;
  trips: SandboxTrip;
  hosLogs: SandboxHosLog;
  hosDailyLogs: SandboxHosDay;
  iftaSummaries: SandboxIftaDay;
  vehicleLocations: SandboxBreadcrumbDay;
  vehicleStatLogs: SandboxStatDay;
};

export type RequestOptions = {
  sandbox?: Record<string, unknown>;
  sourceId?: string | null;
  username?: string;
  createdAt?: Date;
  pageSize?: number;
  window?: { start: Date; end: Date };
  cursor?: string;
};

export function request(options: RequestOptions = {}): ReadRequest {
  return {
    context: { env },
    credentials: { username: options.username ?? "fleet-manager", password: "secret" },
    options: options.sandbox ? { sandbox: options.sandbox } : {},
    connection: {
      id: "conn_01KTESTSANDBOX000000000000",
      sourceId: options.sourceId === undefined ? "sbx-test-fleet" : options.sourceId,
      createdAt: options.createdAt ?? CREATED_AT,
    },
    pageSize: options.pageSize ?? 200,
    ...(options.window ? { window: options.window } : {}),
    ...(options.cursor ? { cursor: options.cursor } : {}),
  };
}

/** Reads a listing to its end, checking every page's size against `maxPage`. */
export async function readAll<M extends SyncModel>(
  model: M,
  options: RequestOptions = {},
  maxPage = options.pageSize ?? 200,
): Promise<{ items: Payloads[M][]; pages: ProviderPage[] }> {
  const pages: ProviderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await sandboxAdapter.readPage(model, request({ ...options, ...(cursor ? { cursor } : {}) }));
    expect(page.items.length).toBeLessThanOrEqual(maxPage);
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > 10_000) throw new Error("the listing does not end");
  } while (cursor);
  return { items: pages.flatMap((page) => page.items as Payloads[M][]), pages };
}

/** The ProviderError a promise rejects with (fails the test when it resolves or throws something else). */
export async function providerError(promise: Promise<unknown>, kind: ProviderErrorKind): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).kind).toBe(kind);
  return error as ProviderError;
}

export function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

export const utcWindow = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
