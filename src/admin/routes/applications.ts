import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { ApplicationRow } from "../../db/schema";
import { createApplication } from "../../domain/applications/create";
import { getApplication, listApplications } from "../../domain/applications/read";
import type { AppEnv } from "../../env";
import { ApiError, errorResponses } from "../../http/errors";
import { PaginationQuerySchema, pageSchema, readCursor, toPage } from "../../http/schemas/pagination";
import { ApplicationIdParamsSchema, ApplicationSchema, CreatedApplicationSchema, presentApiKey } from "../schema";

const ADMIN_ERRORS = ["bad_request", "unauthorized", "internal_server_error"] as const;
const security = [{ adminToken: [] }];

const CreateBodySchema = z
  .strictObject({ name: z.string().min(1).max(200).openapi({ example: "Acme Fleet Software" }) })
  .openapi("CreateApplicationRequest");

const createApplicationRoute = createRoute({
  operationId: "admin.applications.create",
  tags: ["Admin"],
  security,
  method: "post",
  path: "/applications",
  summary: "Create an application",
  description:
    "Creates an application with four keys: secret and publishable, for production and sandbox. The keys are shown only in this response; only their hashes are stored.",
  request: { body: { required: true, content: { "application/json": { schema: CreateBodySchema } } } },
  responses: {
    201: {
      description: "The application and its keys.",
      content: { "application/json": { schema: CreatedApplicationSchema } },
    },
    ...errorResponses(ADMIN_ERRORS),
  },
});

const ApplicationPageSchema = pageSchema(ApplicationSchema, "ApplicationPage");

const listApplicationsRoute = createRoute({
  operationId: "admin.applications.list",
  tags: ["Admin"],
  security,
  method: "get",
  path: "/applications",
  summary: "List applications",
  request: { query: PaginationQuerySchema },
  responses: {
    200: { description: "A page of applications.", content: { "application/json": { schema: ApplicationPageSchema } } },
    ...errorResponses(ADMIN_ERRORS),
  },
});

const getApplicationRoute = createRoute({
  operationId: "admin.applications.get",
  tags: ["Admin"],
  security,
  method: "get",
  path: "/applications/{id}",
  summary: "Get an application",
  description: "The application with its keys (hints only, never the keys themselves).",
  request: { params: ApplicationIdParamsSchema },
  responses: {
    200: { description: "The application.", content: { "application/json": { schema: ApplicationSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

function presentApplication({
  application,
  keys,
}: {
  application: ApplicationRow;
  keys: Parameters<typeof presentApiKey>[0][];
}) {
  return {
    id: application.id,
    name: application.name,
    createdAt: application.createdAt.toISOString(),
    keys: keys.map(presentApiKey),
  };
}

export function registerApplicationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createApplicationRoute, async (c) => {
    const { application, keys } = await createApplication(c.var.db, c.req.valid("json").name);
    return c.json(CreatedApplicationSchema.parse(presentApplication({ application, keys })), 201);
  });

  app.openapi(listApplicationsRoute, async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const scope = "admin.applications.list";
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listApplications(c.var.db, {
      limit,
      afterId: after === undefined ? undefined : String(after[0]),
    });
    const page = await toPage(rows, {
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      keyOf: ({ application }) => [application.id],
      present: presentApplication,
    });
    return c.json(ApplicationPageSchema.parse(page), 200);
  });

  app.openapi(getApplicationRoute, async (c) => {
    const found = await getApplication(c.var.db, c.req.valid("param").id);
    if (!found) throw new ApiError("not_found", "No application with this id.");
    return c.json(ApplicationSchema.parse(presentApplication(found)), 200);
  });
}
