/** The fake providers of the cross-provider contract tests, and connecting to one through the API. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { FleetOptions } from "../fakes/fleet.ts";
import { walkPages } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";

export type Provider = {
  code: "samsara" | "motive" | "geotab";
  baseUrl: () => string;
  credential: (suffix: string) => string;
  credentials: (credential: string) => Record<string, string>;
};

export const PROVIDERS: Provider[] = [
  {
    code: "samsara",
    baseUrl: () => env.SAMSARA_BASE_URL,
    credential: (suffix) => `samsara-contract-${suffix}`,
    credentials: (credential) => ({ apiToken: credential }),
  },
  {
    code: "motive",
    baseUrl: () => env.MOTIVE_BASE_URL,
    credential: (suffix) => `motive-contract-${suffix}`,
    credentials: (credential) => ({ apiKey: credential }),
  },
  {
    code: "geotab",
    baseUrl: () => env.GEOTAB_BASE_URL,
    credential: (suffix) => `contract_db_${suffix}/contract@fleet.example/secret-${suffix}`,
    credentials: (credential) => {
      const [database, username, password] = credential.split("/") as [string, string, string];
      return { database, username, password };
    },
  },
];

export type Connected = { key: string; token: string; get: (path: string) => Promise<any[]>; requestedAt: string };

/** Registers the fleet at one provider's fake, connects to it through the API and waits for the first sync. */
export async function connectThrough(
  provider: Provider,
  fleet: FleetOptions,
  suffix: string,
  options: { days: number; timeSeries?: boolean },
): Promise<Connected> {
  const credential = provider.credential(suffix);
  const registered = await fetch(`${provider.baseUrl()}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ credential, seed: fleet.seed, vehicles: fleet.vehicles, revision: fleet.revision }),
  });
  expect(registered.status).toBe(201);
  const app = await createTestApplication({ timeSeries: options.timeSeries ?? false });
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: {
      provider: provider.code,
      credentials: provider.credentials(credential),
      syncMode: "manual",
      backfill: { days: options.days },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = created.body.token as string;
  const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
  expect(job.status, job.failureReason).toBe("completed");
  const get = async (path: string) =>
    (
      await walkPages<any>((cursor) =>
        call(
          "GET",
          `${BASE.sandbox}${path}${path.includes("?") ? "&" : "?"}limit=200${cursor ? `&cursor=${cursor}` : ""}`,
          { key, token },
        ),
      )
    ).all;
  return { key, token, get, requestedAt: job.requestedAt };
}
