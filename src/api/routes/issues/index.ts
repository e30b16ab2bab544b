import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerListIssues } from "./list";
import { registerResolveIssue } from "./resolve";

export const issuesApp = new OpenAPIHono<AppEnv>();
registerListIssues(issuesApp);
registerResolveIssue(issuesApp);
