/**
 * The sync and issue tools (issue 23) with the official SDK's clients of both generations, on one
 * synced sandbox connection told to report an issue: list_syncs, get_sync and list_issues answer
 * what their routes answer; request_sync starts a sync get_sync follows to its end, and the same
 * idempotencyKey answers the same sync; a viewer member is not offered request_sync and cannot
 * call it, an admin member is and can.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { syncedConnection } from "../destinations/delivery-helpers";
import { createTestApplication, insertSandboxConnection, type TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { type SyncJob, waitForSync } from "../helpers/sync";
import { addMembership, createTestMember, type TestMember } from "../members/helpers";
import { connectMcp, SDK_GENERATIONS, type TestClient, type ToolAnswer } from "./clients";

let key: string;
let connectionId: string;
let caller: { key: string; token: string };
let viewer: TestMember;
let admin: TestMember;
let application: TestApplication;

beforeAll(async () => {
  const app = await createTestApplication();
  application = app;
  key = app.keys.sandbox.secret;
  ({ id: connectionId, caller } = await syncedConnection(app, 1, {
    options: { sandbox: { fleetSize: 3, issues: ["unknown_device_type"] } },
  }));
  [viewer, admin] = [await createTestMember(), await createTestMember()];
  await addMembership(app.id, viewer.id, "viewer");
  await addMembership(app.id, admin.id, "admin");
});

const rest = async (path: string, credentials: { key: string; token?: string } = caller) => {
  const answer = await call("GET", `${BASE.sandbox}${path}`, credentials);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

async function succeeded(answer: Promise<ToolAnswer>) {
  const result = await answer;
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
  return result.structuredContent as Record<string, any>;
}

/** A call that fails, as a protocol error (unknown tool) or a tool error: its message. */
async function failure(answer: Promise<ToolAnswer>): Promise<string> {
  let result: ToolAnswer;
  try {
    result = await answer;
  } catch (error) {
    return String(error);
  }
  expect(result.isError, JSON.stringify(result)).toBe(true);
  return result.content[0]?.text ?? "";
}

/** get_sync until the job has ended (bounded: a sync that never ends fails the test), with every progress seen. */
async function followSync(client: TestClient, id: string) {
  const deadline = Date.now() + 90_000;
  const progress: number[] = [];
  for (;;) {
    const job = (await succeeded(client.callTool("get_sync", { connectionId, id }))) as SyncJob;
    progress.push(job.progress);
    if (job.status === "completed" || job.status === "failed") return { job, progress };
    if (Date.now() > deadline) throw new Error(`sync ${id} still ${job.status} at ${job.progress}%`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(SDK_GENERATIONS)("the sync tools with an SDK %s client", (generation) => {
  it("answer list_syncs, get_sync and list_issues as their routes do", async () => {
    const client = await connectMcp(generation, { key });
    try {
      const page = await succeeded(client.callTool("list_syncs", { connectionId, limit: 2 }));
      expect(page).toEqual(await rest("/syncs?limit=2"));
      const [job] = page.results as SyncJob[];
      expect(job?.status).toBe("completed");
      const expanded = await succeeded(client.callTool("get_sync", { connectionId, id: job?.id, expand: "issues" }));
      expect(expanded).toEqual(await rest(`/syncs/${job?.id}?expand=issues`));

      // Issues are the application's: the route takes the secret key alone, filtered by connection.
      const issues = await succeeded(client.callTool("list_issues", { connectionId }));
      expect(issues).toEqual(await rest(`/issues?connectionId=${connectionId}`, { key }));
      expect(issues.results.map((issue: { error: { code: string } }) => issue.error.code)).toContain(
        "unknown_device_type",
      );
      const completed = await succeeded(client.callTool("list_syncs", { connectionId, status: "completed" }));
      expect(completed).toEqual(await rest("/syncs?status=completed"));
    } finally {
      await client.close();
    }
  });

  it("request_sync starts a sync get_sync follows to its end; the same idempotencyKey answers the same sync", async () => {
    const client = await connectMcp(generation, { key });
    try {
      const idempotencyKey = crypto.randomUUID();
      const requested = await succeeded(client.callTool("request_sync", { connectionId, days: 1, idempotencyKey }));
      expect(requested.status).toBe("requested");
      const again = await succeeded(client.callTool("request_sync", { connectionId, days: 1, idempotencyKey }));
      expect(again).toEqual(requested);

      const { job, progress } = await followSync(client, requested.id);
      expect(job.status, job.failureReason).toBe("completed");
      expect(job.progress).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(await succeeded(client.callTool("get_sync", { connectionId, id: requested.id }))).toEqual(
        await rest(`/syncs/${requested.id}`),
      );
      const latest = await succeeded(client.callTool("list_syncs", { connectionId, limit: 1 }));
      expect(latest.results.map((item: SyncJob) => item.id)).toEqual([requested.id]);
    } finally {
      await client.close();
    }
  });

  it("refuses an idempotencyKey used for another connection's sync instead of answering that sync", async () => {
    const client = await connectMcp(generation, { key });
    try {
      const other = await insertSandboxConnection(application, { syncMode: "manual" });
      const idempotencyKey = crypto.randomUUID();
      const first = await succeeded(
        client.callTool("request_sync", { connectionId: other.id, days: 1, idempotencyKey }),
      );
      const reused = await client.callTool("request_sync", { connectionId, days: 1, idempotencyKey });
      expect(reused.isError, JSON.stringify(reused)).toBe(true);
      expect(reused.structuredContent).toMatchObject({ code: "bad_request" });
      expect(reused.structuredContent?.message).toContain(idempotencyKey);
      // The first connection's sync is its own: the second connection's list does not show it.
      const listed = await succeeded(client.callTool("list_syncs", { connectionId, limit: 50 }));
      expect(listed.results.map((item: SyncJob) => item.id)).not.toContain(first.id);
    } finally {
      await client.close();
    }
  });

  it("offers request_sync to an admin member, not to a viewer, whose call of it fails", async () => {
    const before = (await rest("/syncs?limit=1")).results[0] as SyncJob;
    const viewing = await connectMcp(generation, { key: viewer.token });
    try {
      const names = (await viewing.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(["list_syncs", "get_sync", "list_issues"]));
      expect(names).not.toContain("request_sync");
      expect(await failure(viewing.callTool("request_sync", { connectionId }))).toContain("request_sync");
      // The viewer reads the connection's syncs; no sync was requested.
      const page = await succeeded(viewing.callTool("list_syncs", { connectionId, limit: 1 }));
      expect(page).toEqual(await rest("/syncs?limit=1"));
      expect(page.results[0].id).toBe(before.id);
    } finally {
      await viewing.close();
    }

    const administering = await connectMcp(generation, { key: admin.token });
    try {
      const { tools } = await administering.listTools();
      const requestSync = tools.find((tool) => tool.name === "request_sync");
      expect(requestSync?.annotations?.readOnlyHint).toBe(false);
      const requested = await succeeded(administering.callTool("request_sync", { connectionId }));
      expect(requested.status).toBe("requested");
      const { job } = await waitForSync(caller.key, caller.token, requested.id);
      expect(job.status, job.failureReason).toBe("completed");
    } finally {
      await administering.close();
    }
  });
});
