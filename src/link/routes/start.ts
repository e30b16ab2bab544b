import type { Context, Hono } from "hono";
import type { Tenant } from "../../context";
import type { LinkParams } from "../../db/schema";
import { linkOrigin } from "../../domain/link/agreement";
import { findTenantConnection } from "../../domain/link/complete";
import { parseLinkQuery } from "../../domain/link/params";
import { openLinkSession } from "../../domain/link/sessions";
import { resolveShortLink } from "../../domain/link/short-links";
import type { AppEnv } from "../../env";
import { baseUrlOf } from "../../http/environments";
import { flowError } from "../errors";
import { setPrivatePageHeaders } from "../render";
import { embeddingOriginOf } from "../request-meta";
import { tenantOfPublishableKey } from "../tenant";
import { sessionPath } from "./step-page";

/**
 * The flow's entry points, as the browser SDK and short links open them:
 * - `GET /?key=pk_…&…presets` starts a new connection;
 * - `GET /?short_code=…` starts one with a short link's presets;
 * - `GET /connection/:id?key=pk_…` re-authenticates a connection (its token is kept);
 * - `GET /s/:code` is a short link's URL (resolves to `/?short_code=…`).
 * Each opens a session and redirects to its first step.
 */
export function registerStartRoutes(app: Hono<AppEnv>) {
  app.get("/", async (c) => {
    const query = c.req.query();
    if (query.key === undefined && query.short_code === undefined && !prefersHtml(c)) {
      // A program asking for the root (curl, a health check): the service index.
      return c.json(serviceIndex(c), 200);
    }
    if (query.short_code !== undefined) return startFromShortLink(c, query.short_code, query.key);
    const tenant = await tenantOfPublishableKey(c, query.key);
    const parsed = parseLinkQuery(query);
    if (!parsed.ok) {
      throw flowError(
        400,
        "This link is not valid",
        "The link that opened this page has invalid settings.",
        parsed.problems,
      );
    }
    return startSession(c, tenant, parsed.params, {});
  });

  app.get("/connection/:id", async (c) => {
    const tenant = await tenantOfPublishableKey(c, c.req.query("key"));
    const connection = await findTenantConnection({ db: c.var.db, env: c.env }, tenant, c.req.param("id"));
    if (connection.status === "deleting" || connection.status === "deleted") {
      throw flowError(410, "Connection deleted", "This connection has been deleted and cannot be reconnected.");
    }
    if (connection.status !== "connected" && connection.status !== "disconnected") {
      throw flowError(
        422,
        "Cannot reconnect",
        `This connection is ${connection.status.replace("_", " ")}; ask the application to reactivate it first.`,
      );
    }
    return startSession(c, tenant, {}, { reconnect: connection });
  });

  app.get("/s/:code", (c) => {
    setPrivatePageHeaders(c);
    return c.redirect(`/?short_code=${encodeURIComponent(c.req.param("code"))}`, 302);
  });
}

async function startFromShortLink(c: Context<AppEnv>, code: string, key: string | undefined) {
  const resolution = await resolveShortLink(c.var.db, code);
  if (resolution.status === "unknown") {
    throw flowError(404, "Link not found", "This link does not exist. Ask the application for a new one.");
  }
  if (resolution.status !== "live") {
    throw flowError(410, "Link expired", "This link is no longer valid. Ask the application for a new one.");
  }
  const { link } = resolution;
  const tenant = { applicationId: link.applicationId, environment: link.environment };
  if (key !== undefined) {
    // A key next to a short code must be the link's own application's.
    const keyTenant = await tenantOfPublishableKey(c, key);
    if (keyTenant.applicationId !== tenant.applicationId || keyTenant.environment !== tenant.environment) {
      throw flowError(400, "This link is not valid", "The key does not belong to this link's application.");
    }
  }
  return startSession(c, tenant, link.params, { shortLinkId: link.id });
}

async function startSession(
  c: Context<AppEnv>,
  tenant: Tenant,
  params: LinkParams,
  extra: { reconnect?: Awaited<ReturnType<typeof findTenantConnection>>; shortLinkId?: string },
) {
  const parentOrigin = embeddingOriginOf(c, linkOrigin(c.env));
  const session = await openLinkSession(
    { db: c.var.db, env: c.env },
    {
      tenant,
      params,
      ...(extra.reconnect ? { reconnect: extra.reconnect } : {}),
      ...(extra.shortLinkId ? { shortLinkId: extra.shortLinkId } : {}),
      ...(parentOrigin ? { parentOrigin } : {}),
    },
  );
  setPrivatePageHeaders(c);
  return c.redirect(sessionPath(session.id), 303);
}

function prefersHtml(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").includes("text/html");
}

function serviceIndex(c: Context<AppEnv>) {
  return {
    name: "Telematics API",
    environments: { production: baseUrlOf("production", c.env), sandbox: baseUrlOf("sandbox", c.env) },
    reference: `${baseUrlOf("production", c.env)}/docs`,
    hostedFlow: `${linkOrigin(c.env)}/?key={publishableKey}`,
  };
}
