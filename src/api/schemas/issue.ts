import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { ISSUE_CODES } from "../../model/normalized";

/** An issue: a problem that did not fail a sync but may need action (wire-compat "Other resource shapes"). */
export const IssueSchema = z
  .object({
    id: idSchema("issue"),
    status: z.enum(["ongoing", "resolved"]).openapi({ example: "ongoing" }),
    connection: z.union([idSchema("connection"), z.record(z.string(), z.unknown())]).openapi({
      description: "The connection's id, or the connection itself with `expand=connection`.",
    }),
    error: z
      .object({
        code: z.enum(ISSUE_CODES).openapi({ example: "missing_safety_configuration" }),
        message: z.string().openapi({ example: "Safety events are not configured for this account." }),
      })
      .openapi({ description: "What went wrong." }),
    firstReportedAt: DateTimeSchema,
    lastReportedAt: DateTimeSchema,
  })
  .openapi("Issue");
