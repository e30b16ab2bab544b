import { BASE, call } from "./http";

export type SyncJob = {
  id: string;
  status: "requested" | "in_progress" | "completed" | "failed";
  progress: number;
  failureReason?: string;
  attempts: number;
  issues: unknown[];
  requestedAt: string;
  startFrom?: string;
  completedAt?: string;
  providerRequests: string[];
};

/** The window a sync covered: from its start day to the end of the day it was requested. */
export type SyncWindow = Pick<SyncJob, "startFrom" | "requestedAt">;

/**
 * Polls a sync job (through the API, as a client would) until it is completed or failed,
 * recording every progress value seen. The queue consumer and the Durable Object run for
 * real in the background of the test runtime. The default bound is for a sync that never ends,
 * not a measure of speed: on a machine running another suite beside this one a 10 s sync took 40.
 */
export async function waitForSync(
  key: string,
  token: string,
  syncId: string,
  options: { timeoutMs?: number; base?: string } = {},
): Promise<{ job: SyncJob; progress: number[] }> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const progress: number[] = [];
  for (;;) {
    const result = await call<SyncJob>("GET", `${options.base ?? BASE.sandbox}/syncs/${syncId}`, { key, token });
    if (result.status !== 200) throw new Error(`GET /syncs/${syncId}: ${result.status} ${JSON.stringify(result.body)}`);
    progress.push(result.body.progress);
    if (result.body.status === "completed" || result.body.status === "failed") return { job: result.body, progress };
    if (Date.now() > deadline)
      throw new Error(`sync ${syncId} still ${result.body.status} at ${result.body.progress}%`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The connection's latest sync job id (from GET /connections/current). */
export async function lastSyncId(key: string, token: string): Promise<string> {
  const current = await call("GET", `${BASE.sandbox}/connections/current`, { key, token });
  const id = current.body?.lastSync?.id;
  if (!id) throw new Error(`no lastSync: ${JSON.stringify(current.body)}`);
  return id;
}

/** Waits for a connection's latest sync to end, and answers its job. */
export async function waitForLastSync(caller: { key: string; token: string }, timeoutMs?: number): Promise<SyncJob> {
  const id = await lastSyncId(caller.key, caller.token);
  return (await waitForSync(caller.key, caller.token, id, timeoutMs === undefined ? {} : { timeoutMs })).job;
}
