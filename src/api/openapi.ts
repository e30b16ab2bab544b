import type { OpenAPIHono } from "@hono/zod-openapi";
import { ENVIRONMENTS } from "../db/schema";
import type { Env } from "../env";
import { FAMILY_TAGS } from "../families";
import { ADMIN_PATH, baseUrlOf } from "../http/environments";
import { SyncJobSchema } from "../presenters/sync-job-schema";
import { documentIdempotency } from "./openapi-idempotency";

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

const DESCRIPTION = `One normalized JSON API over many telematics providers.

**Authentication.** Every request carries \`Authorization: Bearer <secret key>\` (\`sk_prod_…\` against the production base address, \`sk_sandbox_…\` against the sandbox one). Endpoints that work on one customer connection also need \`Connection-Token: con_tkn_…\`.

**Errors** have the shape \`{ code, message, detail?, retryAfter? }\`; every response carries an \`X-Request-Id\` header.

**Pagination.** Lists answer \`{ results, next? }\`; pass \`next\` back as \`cursor\` with the same filters to get the following page.`;

/**
 * Registers the security schemes that routes reference in their `security`, and the shared
 * components that properties annotate: registered first, a property's own note becomes an
 * `allOf` beside the `$ref` instead of replacing the component's description.
 */
export function registerComponents(app: OpenAPIHono<any>) {
  app.openAPIRegistry.register("SyncJob", SyncJobSchema);
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "A secret API key of the environment of the base address: `sk_prod_…` or `sk_sandbox_…`. On application-scope routes, a member's personal access token (`mpt_…`) also works, with `X-Application-Id: <application id>` when the member belongs to several applications; the environment is still the base address's.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "publishableKey", {
    type: "http",
    scheme: "bearer",
    description:
      "A publishable key of the environment of the base address: `pk_prod_…` or `pk_sandbox_…`. Only the routes a browser calls take it (POST /link/complete); it never reads data.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "connectionToken", {
    type: "apiKey",
    in: "header",
    name: "Connection-Token",
    description: "The token of the customer connection to work on: `con_tkn_…`.",
  });
}

/**
 * The API reference: the /tsp/v1 document, servers being the two configured base addresses,
 * with the operator API's paths merged in (as `/admin/v1/…`) under their own servers.
 */
export function buildDocument(api: OpenAPIHono<any>, admin: OpenAPIHono<any>, env: Env): Document {
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Telematics API", version: "0.0", description: DESCRIPTION },
    servers: [
      { url: baseUrlOf("production", env), description: "Production" },
      { url: baseUrlOf("sandbox", env), description: "Sandbox" },
    ],
    tags: [
      { name: "Connections", description: "Connections to customers' provider accounts." },
      { name: "Providers", description: "The telematics providers connections can be made to." },
      { name: "Usage", description: "Billable usage of the application." },
      ...FAMILY_TAGS,
      {
        name: "Passthrough",
        description:
          "Requests to the connection's provider API, with the connection's authorization added by the service.",
      },
      { name: "Issues", description: "Problems syncs ran into that may need action." },
      { name: "Syncs", description: "Sync jobs: how a connection's data is brought in from its provider." },
      { name: "Webhooks", description: "Signed event deliveries: endpoints, events and delivery attempts." },
      {
        name: "Destinations",
        description: "Synced data delivered to object storage (R2, S3-compatible) and streams (Kinesis-compatible).",
      },
      {
        name: "Link",
        description:
          "The hosted consent flow: short links that open it with presets, and its completion for applications with their own screens. The flow's pages are served at the root of LINK_BASE_URL (`/?key=pk_…`, `/connection/{id}?key=pk_…`).",
      },
      { name: "Admin", description: "The operator API at `/admin/v1`, authorized by the operator's ADMIN_TOKEN." },
    ],
  });
  documentIdempotency(document);
  const adminDocument = admin.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "Admin", version: "0.0" } });
  // The operator's paths keep their /admin/v1 prefix: some share a shape with a /tsp/v1 path
  // (`/connections/{id}`), and two identical path templates cannot live in one document. Their
  // servers are the origins the Worker serves (the admin API answers on each).
  const origins = [...new Set(ENVIRONMENTS.map((environment) => new URL(baseUrlOf(environment, env)).origin))];
  const adminServers = origins.map((url) => ({ url, description: "Operator API" }));
  for (const [path, item] of Object.entries(adminDocument.paths ?? {})) {
    document.paths = { ...document.paths, [`${ADMIN_PATH}${path}`]: { ...item, servers: adminServers } };
  }
  const components = document.components ?? {};
  for (const [kind, entries] of Object.entries(adminDocument.components ?? {})) {
    const key = kind as keyof typeof components;
    components[key] = { ...(components[key] as object), ...(entries as object) } as never;
  }
  document.components = components;
  return document;
}
