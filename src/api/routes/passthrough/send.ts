import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { sendPassthrough } from "../../../domain/passthrough/send";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { CONNECTION_ERRORS, connectionScope } from "../scopes";
import { answerHeaders, envelopeBody, fitsEnvelope, rawAnswer } from "./answer";
import { PassthroughBodySchema, PassthroughResponseSchema } from "./schema";

const route = createRoute({
  ...connectionScope,
  operationId: "passthrough.send",
  tags: ["Passthrough"],
  method: "post",
  path: "/passthrough",
  summary: "Send a request to the provider",
  description: [
    "Sends a request to the connection's provider API with the connection's own authorization (the caller never sees its credentials) and answers what the provider answered, whatever its status.",
    "**JSON answers:** `200` with `{ method, path, statusCode, headers, response }`: the provider's status, headers (without cookies) and body (JSON parsed, text as a string, at most 8 MB).",
    "**Binary answers** (PDF reports, images) and any answer when the request says `Accept: application/octet-stream`: `200` with the provider's body streamed as it comes (never buffered whole), its `Content-Type`, `Content-Length` and `Content-Disposition`, and the provider's status in the `Provider-Status` header.",
    "Requests are paced with the connection's syncs (they share the provider's limits), limited per connection token (`PASSTHROUGH_PER_SECOND`, 5 by default), and `504 gateway_timeout` when the provider has not started to answer in time (`PASSTHROUGH_TIMEOUT_SECONDS`, 30). Each request is logged for the operator (method, path without query, status, duration), never its bodies or headers. `Idempotency-Key` does not apply: every request reaches the provider.",
    "The sandbox answers from its simulated fleet (docs/sandbox-passthrough.md).",
  ].join("\n\n"),
  request: { body: { content: { "application/json": { schema: PassthroughBodySchema } }, required: true } },
  responses: {
    200: {
      description: "The provider's answer.",
      content: {
        "application/json": { schema: PassthroughResponseSchema },
        "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...errorResponses([
      ...CONNECTION_ERRORS,
      "connection_disconnected",
      "too_many_requests",
      "not_implemented",
      "bad_gateway",
      "gateway_timeout",
    ]),
  },
});

/** Whether the caller asked for the provider's body as it is. */
const wantsRaw = (accept: string | undefined) => /application\/octet-stream/i.test(accept ?? "");

export function registerPassthrough(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const { connection } = c.var;
    const request = {
      method: body.method,
      path: body.path,
      headers: body.headers ?? {},
      ...(body.body === undefined ? {} : { body: body.body }),
    };
    const { response, startedAt } = await sendPassthrough({ env: c.env }, connection, request);
    const raw = wantsRaw(c.req.header("accept")) || !fitsEnvelope(response.headers.get("content-type"));
    console.log(
      JSON.stringify({
        level: "info",
        message: "passthrough",
        requestId: c.get("requestId"),
        applicationId: connection.applicationId,
        environment: connection.environment,
        connectionId: connection.id,
        provider: connection.provider,
        method: body.method,
        path: body.path.split("?", 1)[0],
        providerStatus: response.status,
        answer: raw ? "raw" : "json",
        ms: Date.now() - startedAt,
      }),
    );
    if (raw) return rawAnswer(response) as never;
    const answer = {
      method: body.method,
      path: body.path,
      statusCode: response.status,
      headers: answerHeaders(response),
      response: await envelopeBody(response),
    };
    return c.json(answer, 200);
  });
}
