import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { readCameraMedia } from "../../../domain/camera-media/read";
import type { AppEnv } from "../../../env";
import { getRecord } from "../../../families/kit/read";
import { RawQuerySchema } from "../../../families/kit/schemas";
import { SafetyEventIdParamsSchema } from "../../../families/safety-events/schema";
import { safetyEvents } from "../../../families/safety-events/table";
import { ApiError, errorResponses } from "../../../http/errors";
import { CONNECTION_ERRORS, connectionScope } from "../scopes";
import { presentCameraMedia } from "./present";
import { CameraMediaSchema } from "./schema";

const route = createRoute({
  ...connectionScope,
  operationId: "safetyEvents.getCameraMedia",
  tags: ["Safety"],
  method: "get",
  path: "/safety/events/{id}/camera-media",
  summary: "Get a safety event's camera media",
  description:
    "Fresh URLs of the event's front- and rear-facing camera media, read live from the provider because they expire. Needs a connected connection.",
  request: { params: SafetyEventIdParamsSchema, query: z.object({ raw: RawQuerySchema }) },
  responses: {
    200: { description: "The camera media.", content: { "application/json": { schema: CameraMediaSchema } } },
    ...errorResponses([
      ...CONNECTION_ERRORS,
      "not_found",
      "connection_disconnected",
      "provider_provisioning_pending",
      "too_many_requests",
      "not_implemented",
      "bad_gateway",
      "gateway_timeout",
    ]),
  },
});

export type GetCameraMediaResponse = z.infer<typeof CameraMediaSchema>;

export function registerGetCameraMedia(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { raw } = c.req.valid("query");
    const { connection } = c.var;
    const event = await getRecord(c.var.data, safetyEvents, connection.id, id, false);
    if (!event) throw new ApiError("not_found", "No safety event with this id in this connection.");
    const extractedAt = new Date();
    const media = await readCameraMedia({ env: c.env }, connection, event);
    return c.json(
      CameraMediaSchema.parse(presentCameraMedia(media, { raw, provider: connection.provider, extractedAt })),
      200,
    );
  });
}
