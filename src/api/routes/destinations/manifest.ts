import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { findDelivery, manifestOf } from "../../../domain/deliveries/manifest";
import { findDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { DeliveryParamsSchema } from "./deliveries-schema";

const ManifestSchema = z
  .object({
    deliveryId: z.string(),
    destinationId: z.string(),
    trigger: z.string(),
    requestedAt: z.string(),
    upTo: z.string(),
    connectionIds: z.array(z.string()),
    models: z.array(z.string()),
    records: z.number().int(),
    parts: z.array(
      z.object({
        key: z.string().nullable().openapi({ description: "The object's full key; null for stream records." }),
        model: z.string(),
        connectionId: z.string(),
        records: z.number().int(),
        bytes: z.number().int(),
        sha256: z.string().nullable().openapi({ description: "SHA-256 of the object's bytes (hex)." }),
      }),
    ),
  })
  .openapi("DeliveryManifest");

const route = createRoute({
  ...applicationScope,
  operationId: "destinations.getDeliveryManifest",
  tags: ["Destinations"],
  method: "get",
  path: "/destinations/{id}/deliveries/{deliveryId}/manifest",
  summary: "Get a delivery's manifest",
  description:
    "What the delivery wrote: every part with its full key, model, connection, record count, bytes and checksum; for object storage the same document as the manifest object, which is written last. The parts of a connection deleted since are no longer listed here (the manifest object keeps them).",
  request: { params: DeliveryParamsSchema },
  responses: {
    200: { description: "The manifest.", content: { "application/json": { schema: ManifestSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "not_found"]),
  },
});

export function registerGetDeliveryManifest(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "viewer");
    const { id, deliveryId } = c.req.valid("param");
    const destination = await findDestination({ db: c.var.db, env: c.env }, c.var.principal, id);
    const delivery = await findDelivery(c.var.db, destination, deliveryId);
    return c.json(await manifestOf(c.var.db, destination, delivery), 200);
  });
}
