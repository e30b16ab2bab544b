import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerCreateShortLink } from "./create-short";
import { registerDeleteShortLink } from "./delete-short";

export const linkApp = new OpenAPIHono<AppEnv>();
registerCreateShortLink(linkApp);
registerDeleteShortLink(linkApp);
