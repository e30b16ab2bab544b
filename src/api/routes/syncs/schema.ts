import { z } from "@hono/zod-openapi";
import { PROVIDER_REQUESTS, SYNC_STATUSES } from "../../../db/schema";
import { DateTimeSchema, HistoryDaysSchema, idSchema } from "../../../http/schemas/common";
import { SyncJobSchema } from "../../../presenters/sync-job-schema";
import { IssueSchema } from "../../schemas/issue";

export const SyncIdParamsSchema = z.object({
  id: idSchema("syncJob").openapi({ param: { name: "id", in: "path" } }),
});

export const ExpandIssuesQuerySchema = z.object({
  expand: z.enum(["issues"]).optional().openapi({ description: "`issues` turns the issue ids into issue objects." }),
});

/** A sync job as answered: `issues` are ids, or issue objects with `expand=issues`. */
export const SyncJobResponseSchema = SyncJobSchema.extend({
  issues: z
    .array(z.union([idSchema("issue"), IssueSchema]))
    .openapi({ description: "Problems that did not fail the sync; issue objects with `expand=issues`." }),
}).openapi("SyncJobResponse");

export const SyncStatusQuerySchema = z.object({
  status: z.enum(SYNC_STATUSES).optional().openapi({ description: "Only jobs in this status." }),
});

export const RequestSyncBodySchema = z
  .strictObject({
    startFrom: DateTimeSchema.optional().openapi({ description: "Earliest time-based records to sync." }),
    days: HistoryDaysSchema.optional().openapi({
      description: "Sync this many days of history (when `startFrom` is absent).",
      example: 30,
    }),
    providerRequests: z
      .array(z.enum(PROVIDER_REQUESTS))
      .max(2)
      .optional()
      .openapi({ description: "Out-of-band provider-side steps to ask for; the sync waits on them." }),
  })
  .openapi("RequestSyncRequest", {
    description: "Without `startFrom` or `days`, the sync continues from where the last completed one ended.",
  });

export const SyncActionResultSchema = z
  .object({
    id: idSchema("syncJob"),
    message: z.string().openapi({ example: "The sync job was retried." }),
  })
  .openapi("SyncActionResult");
