/**
 * Sync tools: a connection's sync jobs (GET /syncs, GET /syncs/{id}: status and progress),
 * requesting one (POST /syncs, a write tool), and the issues syncs ran into (GET /issues, the
 * application's, filtered by connection), which is what "why is this connection's data stale?"
 * needs together.
 */
import { z } from "@hono/zod-openapi";
import type { McpServer } from "@modelcontextprotocol/server";
import { ListIssuesQuerySchema } from "../../api/routes/issues/schema";
import {
  ExpandIssuesQuerySchema,
  RequestSyncBodySchema,
  SyncIdParamsSchema,
  SyncStatusQuerySchema,
} from "../../api/routes/syncs/schema";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";
import { idOf, itemLines } from "./lines";

type SyncJobView = {
  id: string;
  status: string;
  progress: number;
  requestedAt: string;
  completedAt?: string;
  failureReason?: string;
  issues: unknown[];
};
type IssueView = {
  id: string;
  status: string;
  connection: string | { id: string };
  error: { code: string; message: string };
};

const describeJob = (job: SyncJobView) => {
  const end = job.completedAt ? `, completed ${job.completedAt}` : "";
  const failure = job.failureReason ? `: ${job.failureReason}` : "";
  const issues = job.issues.length > 0 ? `; ${job.issues.length} issue(s)` : "";
  return `${job.id}: ${job.status} (${job.progress}%), requested ${job.requestedAt}${end}${failure}${issues}`;
};

const describeIssue = (issue: IssueView) =>
  `- ${issue.id} (${issue.status}) on ${idOf(issue.connection)}: ${issue.error.code}: ${issue.error.message}`;

/** The request_sync arguments: the route's body, and the Idempotency-Key header a retry repeats. */
const RequestSyncInputSchema = RequestSyncBodySchema.extend({
  idempotencyKey: z
    .string()
    .optional()
    .describe(
      "Sent as the Idempotency-Key header: calling again with the same key and arguments within 24 hours answers the same sync instead of requesting another (1 to 255 printable ASCII characters, e.g. a UUID).",
    ),
});

/** Sync jobs and issues of the application's connections, and requesting a sync. */
export function registerSyncTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "list_syncs",
    title: "List sync jobs",
    description:
      "The connection's sync jobs, newest first: status (requested, in_progress, completed, failed), progress (%), times (ISO UTC), failure reason and issue ids (issue objects with `expand: \"issues\"`). Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: PaginationQuerySchema.extend(SyncStatusQuerySchema.shape).extend(ExpandIssuesQuerySchema.shape),
    request: (args) => ({ method: "GET", path: "/syncs", query: args }),
    summary: (body) =>
      [
        pageSummary(body, "sync jobs"),
        ...itemLines((body as { results: SyncJobView[] }).results, (job) => `- ${describeJob(job)}`),
      ].join("\n"),
  });
  registerApiTool(server, session, {
    name: "get_sync",
    title: "Get a sync job",
    description:
      "One sync job of the connection by id: its status and progress (%), to follow a sync request_sync started until it is `completed` or `failed`.",
    scope: "connection",
    input: SyncIdParamsSchema.extend(ExpandIssuesQuerySchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/syncs/${id}`, query }),
    summary: (body) => describeJob(body as SyncJobView),
  });
  registerApiTool(server, session, {
    name: "request_sync",
    title: "Request a sync",
    description:
      "Starts a sync of the connection now (how a `manual` connection syncs). Without `startFrom` (ISO UTC) or `days`, it continues from where the last completed sync ended. One sync runs at a time per connection: while one runs this answers `conflict`. Follow it with get_sync.",
    scope: "connection",
    write: true,
    input: RequestSyncInputSchema,
    request: (args) => {
      // The connection travels as the in-process grant, never in the body the route reads strictly.
      const { idempotencyKey, ...body } = args;
      return { method: "POST", path: "/syncs", body, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) };
    },
    summary: (body) => `Sync requested: ${describeJob(body as SyncJobView)}. Follow its progress with get_sync.`,
  });
  registerApiTool(server, session, {
    name: "list_issues",
    title: "List issues",
    description:
      "Problems syncs of the application's connections ran into without failing (missing permissions, unknown device types, …), ongoing and resolved. Filter by `connectionId`, `errorCode`, `status` and last report time (ISO UTC or date). Paged: pass the previous answer's `next` as `cursor`.",
    scope: "application",
    input: ListIssuesQuerySchema,
    request: (args) => ({ method: "GET", path: "/issues", query: args }),
    summary: (body) =>
      [pageSummary(body, "issues"), ...itemLines((body as { results: IssueView[] }).results, describeIssue)].join("\n"),
  });
}
