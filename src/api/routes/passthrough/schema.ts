import { z } from "@hono/zod-openapi";

/** Methods a passthrough request may use. */
export const PASSTHROUGH_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** The largest request body forwarded (a provider API call, not a file upload). */
export const MAX_PASSTHROUGH_BODY = 1_000_000;

export const PassthroughBodySchema = z
  .strictObject({
    method: z.enum(PASSTHROUGH_METHODS).openapi({ example: "GET" }),
    path: z.string().min(1).max(2048).openapi({
      description:
        "Path and query relative to the provider's API base (Samsara `https://api.samsara.com`, Motive `https://api.gomotive.com`, Geotab `/apiv1` on the account's server, the sandbox's own API: docs/sandbox-passthrough.md). It can never leave that base: a scheme, a host, `.`/`..` segments, backslashes, whitespace, fragments and percent-encoded dots, slashes, backslashes, NULs or percent signs are refused.",
      example: "/fleet/vehicles?limit=10",
    }),
    headers: z
      .record(z.string().max(256), z.string().max(8192))
      .refine((headers) => Object.keys(headers).length <= 50, { message: "At most 50 headers" })
      .optional()
      .openapi({
        description:
          "Headers to forward (such as `X-Samsara-Version`, Motive's `X-Metric-Units`). The service adds the connection's own authorization; the caller's `Authorization`, `X-Api-Key`, cookies, proxy and transport headers are refused.",
        example: { "X-Samsara-Version": "2025-06-11" },
      }),
    body: z.string().max(MAX_PASSTHROUGH_BODY).optional().openapi({
      description:
        'The request body as text (JSON as a string), sent as is; not with GET. Geotab takes a JSON-RPC call: `POST /apiv1` with `{"method": "Get", "params": {"typeName": "Device"}}`, the credentials added by the service.',
      example: '{"name": "Truck 12"}',
    }),
  })
  .openapi("PassthroughRequest");

export const PassthroughResponseSchema = z
  .object({
    method: z.enum(PASSTHROUGH_METHODS).openapi({ example: "GET" }),
    path: z.string().openapi({ example: "/fleet/vehicles?limit=10" }),
    statusCode: z.number().int().openapi({ description: "The provider's HTTP status.", example: 200 }),
    headers: z.record(z.string(), z.string()).openapi({
      description: "The provider's response headers, without cookies.",
      example: { "content-type": "application/json" },
    }),
    response: z.unknown().openapi({
      description:
        "The provider's body: its JSON as parsed, text as a string, `null` when empty. Binary bodies are not put here: see the route's description.",
      example: { data: [{ id: "281474977", name: "Truck 12" }] },
    }),
  })
  .openapi("PassthroughResponse");
