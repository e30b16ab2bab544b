import type { OpenAPIHono } from "@hono/zod-openapi";
import { NOT_KEPT_PATHS } from "../middleware/idempotency";

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/**
 * Documents `Idempotency-Key` on every POST of the /tsp/v1 document in one place, since one
 * middleware (middleware/idempotency.ts) implements it for all of them: the header parameter,
 * the `Idempotent-Replayed` header on replays, and the 409 a concurrent duplicate gets.
 */
export function documentIdempotency(document: Document): void {
  document.components ??= {};
  const components = document.components;
  components.parameters = {
    ...components.parameters,
    IdempotencyKey: {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Makes the POST safe to retry: the same key with the same request within 24 hours answers the stored response (with `Idempotent-Replayed: true`) instead of running again; the same key with a different request is a `bad_request`; a duplicate arriving while the first still runs is a `conflict`. Keys belong to the application and environment. Responses 400, 401, 403, 429 and 5xx are not kept, so a retry runs again.",
      schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
      example: "0b6e4c3e-5f2c-4b1f-9f3e-3f7d2a1c9e10",
    },
  };
  // Called before the admin paths are merged in: idempotency is /tsp/v1's.
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const post = item?.post;
    if (!post || NOT_KEPT_PATHS.test(path)) continue;
    post.parameters = [...(post.parameters ?? []), { $ref: "#/components/parameters/IdempotencyKey" }];
    post.responses ??= {};
    const responses: Record<string, any> = post.responses;
    for (const [status, response] of Object.entries(responses)) {
      if (!status.startsWith("2") || "$ref" in response) continue;
      response.headers = {
        ...response.headers,
        "Idempotent-Replayed": {
          description: "`true` when this is the stored response of an earlier request with the same Idempotency-Key.",
          schema: { type: "string", enum: ["true"] },
        },
      };
    }
    responses["409"] ??= {
      description: "`conflict`: a request with the same Idempotency-Key is still running.",
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Error" },
          examples: {
            conflict: {
              value: {
                code: "conflict",
                message: "A request with the Idempotency-Key `0b6e4c3e-…` is still running; retry later.",
              },
            },
          },
        },
      },
    };
  }
}
