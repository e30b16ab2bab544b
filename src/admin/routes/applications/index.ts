import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerCreateApplication } from "./create";
import { registerGetApplication } from "./get";
import { registerListApplications } from "./list";
import { registerUpdateApplication } from "./update";

/** The operator's applications, each with its keys. */
export const applicationsApp = new OpenAPIHono<AppEnv>();
registerCreateApplication(applicationsApp);
registerListApplications(applicationsApp);
registerGetApplication(applicationsApp);
registerUpdateApplication(applicationsApp);
