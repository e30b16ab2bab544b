import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { createShortLink, shortLinkUrl } from "../../../domain/link/short-links";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { CreateShortLinkBodySchema, ShortLinkSchema } from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "link.createShort",
  tags: ["Link"],
  method: "post",
  path: "/link/short",
  summary: "Create a short link",
  description:
    "Creates a short address that opens the hosted consent flow with the given presets, for use outside an embedding page (e-mail, chat). Idempotent by body: the same body again, while its link is live (not deleted, not expired), answers that link with `200` and `Idempotent-Replayed: true`.",
  request: { body: { required: true, content: { "application/json": { schema: CreateShortLinkBodySchema } } } },
  responses: {
    200: {
      description: "The live link created earlier from the same body.",
      headers: z.object({
        "Idempotent-Replayed": z
          .literal("true")
          .openapi({ description: "Present on replays only: this link was created by an earlier request." }),
      }),
      content: { "application/json": { schema: ShortLinkSchema } },
    },
    201: {
      description: "The new link.",
      content: { "application/json": { schema: ShortLinkSchema } },
    },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden"]),
  },
});

export type CreateShortLinkRequest = z.input<typeof CreateShortLinkBodySchema>;
export type CreateShortLinkResponse = z.infer<typeof ShortLinkSchema>;

export function registerCreateShortLink(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { link, replayed } = await createShortLink(
      { db: c.var.db, env: c.env },
      c.var.principal,
      c.req.valid("json"),
    );
    const body = ShortLinkSchema.parse({
      id: link.id,
      code: link.code,
      url: shortLinkUrl(c.env, link.code),
      expiresAt: link.expiresAt.toISOString(),
    });
    if (!replayed) return c.json(body, 201);
    c.header("Idempotent-Replayed", "true");
    return c.json(body, 200);
  });
}
