import { z } from "@hono/zod-openapi";
import { boundQuerySchema, DateOrDateTimeSchema, idSchema } from "../../../http/schemas/common";
import { PaginationQuerySchema } from "../../../http/schemas/pagination";
import { ISSUE_CODES } from "../../../model/normalized";

// The Issue component is shared with the sync jobs' `expand=issues` (src/api/schemas/issue.ts).
export { IssueSchema } from "../../schemas/issue";

/** Codes clients of the public service filter by that this service never reports. */
const FILTER_ONLY_ISSUE_CODES = ["manually_disabled"] as const;

export const ListIssuesQuerySchema = PaginationQuerySchema.extend({
  connectionId: idSchema("connection").optional().openapi({ description: "Only issues of this connection." }),
  errorCode: z
    .enum([...ISSUE_CODES, ...FILTER_ONLY_ISSUE_CODES])
    .optional()
    .openapi({
      description:
        "Only issues with this error code. `manually_disabled` (a data type a customer turned off at the provider, in the public service's list) is taken too; this service reports no such issue, so it finds none.",
      example: "missing_permissions",
    }),
  status: z
    .enum(["ongoing", "resolved"])
    .optional()
    .openapi({ description: "Only issues in this status.", example: "ongoing" }),
  lastReportedAfter: boundQuerySchema(
    DateOrDateTimeSchema,
    "Only issues last reported at or after this time (inclusive): a date-time, or a date (from its midnight UTC).",
    "2026-01-06",
  ),
  lastReportedBefore: boundQuerySchema(
    DateOrDateTimeSchema,
    "Only issues last reported before this time (exclusive): a date-time, or a date (from its midnight UTC).",
    "2026-01-07T00:00:00.000Z",
  ),
  expand: z
    .enum(["connection"])
    .optional()
    .openapi({ description: "Turns `connection` into the connection object.", example: "connection" }),
});
