import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { emitLinkAnalytics } from "../../../domain/link/analytics";
import { completeLink } from "../../../domain/link/complete";
import { parseBackfillStart } from "../../../domain/link/params";
import type { AppEnv } from "../../../env";
import { DomainError } from "../../../errors";
import { errorResponses } from "../../../http/errors";
import { ProviderError } from "../../../providers/errors";
import { LinkCompleteBodySchema, LinkCompleteResponseSchema } from "./schema";

const route = createRoute({
  security: [{ publishableKey: [] }],
  operationId: "link.complete",
  tags: ["Link"],
  method: "post",
  path: "/link/complete",
  summary: "Complete a consent flow",
  description: [
    "What the hosted flow's last step does, for applications that build their own consent screens: with the **publishable key**, from the end user's browser,",
    "it verifies the credentials with the provider, creates the connection (or, with `connectionId`, re-authenticates it and keeps its token),",
    "records the accepted agreements with the request's address and user agent, and answers a one-time public token.",
    "The application's server exchanges it with POST /public-token/exchange. The answer carries nothing else: a publishable key never reads data.",
  ].join(" "),
  request: { body: { required: true, content: { "application/json": { schema: LinkCompleteBodySchema } } } },
  responses: {
    200: {
      description: "The one-time public token.",
      content: { "application/json": { schema: LinkCompleteResponseSchema } },
    },
    ...errorResponses([
      "bad_request",
      "unauthorized",
      "not_found",
      "connection_deleted",
      "connection_disconnected",
      "invalid_credentials",
      "bad_gateway",
      "gateway_timeout",
      "too_many_requests",
      "internal_server_error",
    ]),
  },
});

export function registerCompleteLink(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const tenant = c.var.principal;
    const context = { db: c.var.db, env: c.env };
    const ipAddress = c.req.header("cf-connecting-ip");
    const userAgent = c.req.header("user-agent");
    const agreements = body.agreements.map((agreement) => ({
      ...agreement,
      ...(ipAddress ? { ipAddress } : {}),
      ...(userAgent ? { userAgent: userAgent.slice(0, 512) } : {}),
    }));
    const backfill = body.backfill?.startFrom
      ? { startFrom: parseBackfillStart(body.backfill.startFrom) as string }
      : body.backfill;
    try {
      const completed = await completeLink(context, tenant, {
        ...(body.connectionId ? { connectionId: body.connectionId } : {}),
        provider: body.provider,
        credentials: body.credentials,
        agreements,
        params: {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.externalId === undefined ? {} : { externalId: body.externalId }),
          ...(body.tags === undefined ? {} : { tags: body.tags }),
          ...(body.syncMode === undefined ? {} : { syncMode: body.syncMode }),
          ...(backfill === undefined ? {} : { backfill }),
        },
      });
      await emitLinkAnalytics(context, tenant, "succeeded", {
        provider: body.provider,
        connectionId: completed.connection.id,
        reconnect: body.connectionId !== undefined,
        ...(body.externalId ? { externalId: body.externalId } : {}),
      });
      return c.json(
        LinkCompleteResponseSchema.parse({
          publicToken: completed.publicToken,
          expiresAt: completed.expiresAt.toISOString(),
        }),
        200,
      );
    } catch (error) {
      if (error instanceof DomainError || error instanceof ProviderError) {
        await emitLinkAnalytics(context, tenant, "failed", {
          provider: body.provider,
          reconnect: body.connectionId !== undefined,
          error: { code: error.kind, message: error.message },
        });
      }
      throw error;
    }
  });
}
