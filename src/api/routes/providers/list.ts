import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { listProviders } from "../../../providers/registry";
import { MODEL_NAMES, type ProviderAdapter } from "../../../providers/types";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";

const SupportSchema = z
  .object({
    supportedOperations: z.object({
      read: z.enum(["supported", "not_supported_by_provider"]).openapi({ example: "supported" }),
    }),
  })
  .openapi("ModelSupport");

export const ProviderSchema = z
  .object({
    code: z.string().openapi({ description: "Unique provider code.", example: "sandbox" }),
    name: z.string().openapi({ example: "Sandbox" }),
    status: z.enum(["live", "beta", "deprecated", "sandbox"]),
    logo: z.string().openapi({ description: "Logo image URL." }),
    icon: z.string().openapi({ description: "Square icon image URL." }),
    credentials: z
      .array(
        z.object({
          name: z.string().openapi({ example: "username" }),
          label: z.string().openapi({ example: "Username" }),
          type: z.enum(["text", "password", "select"]),
          required: z.boolean(),
          description: z.string().optional(),
          options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
        }),
      )
      .openapi({ description: "The fields of the provider's credentials, for `credentials` of POST /connections." }),
    supportedModels: z
      .object(Object.fromEntries(MODEL_NAMES.map((model) => [model, SupportSchema])))
      .openapi({ description: "What the provider can serve, per model." }),
  })
  .openapi("Provider");

const route = createRoute({
  ...applicationScope,
  operationId: "providers.list",
  tags: ["Providers"],
  method: "get",
  path: "/providers",
  summary: "List providers",
  description: "The providers connections can be made to in this environment, as a bare array (not a page).",
  responses: {
    200: {
      description: "Every available provider.",
      content: { "application/json": { schema: z.array(ProviderSchema) } },
    },
    ...errorResponses(APPLICATION_ERRORS),
  },
});

function presentProvider(adapter: ProviderAdapter) {
  return {
    code: adapter.code,
    name: adapter.name,
    status: adapter.status,
    logo: adapter.logo,
    icon: adapter.icon,
    credentials: adapter.credentialFields,
    supportedModels: Object.fromEntries(
      MODEL_NAMES.map((model) => [model, { supportedOperations: { read: adapter.supportedModels[model] } }]),
    ),
  };
}

export function registerListProviders(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, (c) => {
    return c.json(z.array(ProviderSchema).parse(listProviders(c.var.environment).map(presentProvider)), 200);
  });
}
