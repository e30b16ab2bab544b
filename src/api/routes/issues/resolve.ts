import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { resolveIssue } from "../../../domain/issues/resolve";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { idSchema } from "../../../http/schemas/common";
import { requireRole } from "../../../middleware/roles";
import { presentIssue } from "../../../presenters/issue";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { IssueSchema } from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "issues.resolve",
  tags: ["Issues"],
  method: "post",
  path: "/issues/{issueId}/resolve",
  summary: "Resolve an issue",
  description:
    "Marks an issue `resolved` and returns it: the application fixed the cause and says so. Resolving a resolved issue changes nothing. The issue reopens (the same issue, `ongoing` again) if a later sync meets the problem again. Uses the secret key alone (no Connection-Token); a member needs the admin role.",
  request: { params: z.object({ issueId: idSchema("issue") }) },
  responses: {
    200: { description: "The issue, resolved.", content: { "application/json": { schema: IssueSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found"]),
  },
});

export function registerResolveIssue(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { issueId } = c.req.valid("param");
    const row = await resolveIssue(c.env, c.var.principal, issueId);
    return c.json(IssueSchema.parse(presentIssue(row)), 200);
  });
}
