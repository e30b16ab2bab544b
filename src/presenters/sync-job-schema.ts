import { z } from "@hono/zod-openapi";
import { PROVIDER_REQUESTS, SYNC_STATUSES } from "../db/schema";
import { DateTimeSchema, idSchema } from "../http/schemas/common";

/** A sync job as the API and webhooks show it (contract 2.3): the response schema presentSyncJob is typed from. */
export const SyncJobSchema = z
  .object({
    id: idSchema("syncJob"),
    status: z.enum(SYNC_STATUSES).openapi({ example: "completed" }),
    requestedAt: DateTimeSchema,
    failureReason: z.string().optional().openapi({ description: "Present when status is `failed`." }),
    progress: z.number().min(0).max(100).openapi({ description: "Percentage, 0 to 100.", example: 100 }),
    issues: z
      .array(idSchema("issue"))
      .openapi({ description: "Problems that did not fail the sync but may need manual action." }),
    startFrom: DateTimeSchema.optional().openapi({ description: "Earliest time-based records synced." }),
    completedAt: DateTimeSchema.optional(),
    attempts: z.number().int().openapi({ example: 1 }),
    providerRequests: z
      .array(z.enum(PROVIDER_REQUESTS))
      .openapi({ description: "Out-of-band provider-side steps the sync waits on." }),
  })
  .openapi("SyncJob");
