/**
 * Helpers of the Motive fault tests (motive-rate-limits, motive-errors, motive-permissions):
 * the fake account's controls, and a sync under faults switched on after a clean first sync,
 * so that verification itself is not faulted.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Faults } from "../fakes/accounts.ts";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import {
  connectMotive,
  createMotiveAccount,
  type MotiveAccount,
  type MotiveConnection,
  patchMotiveAccount,
  waitForLastSync,
} from "./motive-helpers";

const DAYS = 2;

export async function motiveControl(account: MotiveAccount, control: "stats" | "forbidden", body?: unknown) {
  const response = await fetch(
    `${env.MOTIVE_BASE_URL}/__fake/motive/accounts/${encodeURIComponent(account.credential)}/${control}`,
    body === undefined
      ? {}
      : { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as any;
}

/** A connection whose first sync ran clean, then the faults, then a sync of the same days. */
export async function syncUnder(faults: Faults) {
  const account = await createMotiveAccount({ vehicles: 3 });
  const connection = await connectMotive(account, { backfill: { days: DAYS } });
  expect((await waitForLastSync(connection)).status).toBe("completed");
  const before = await motiveControl(account, "stats");
  await patchMotiveAccount(account.credential, { faults });
  const sync = await requestSync(connection);
  const { job } = await waitForSync(connection.key, connection.token, sync, { timeoutMs: 100_000 });
  await patchMotiveAccount(account.credential, { faults: {} });
  const after = await motiveControl(account, "stats");
  const served = {
    rateLimited: after.rateLimited - before.rateLimited,
    serverErrors: after.serverErrors - before.serverErrors,
    malformed: after.malformed - before.malformed,
  };
  return { account, connection, job, served };
}

export async function requestSync(connection: MotiveConnection): Promise<string> {
  const sync = await call("POST", `${BASE.sandbox}/syncs`, {
    key: connection.key,
    token: connection.token,
    body: { days: DAYS },
  });
  expect(sync.status).toBe(201);
  return sync.body.id;
}
