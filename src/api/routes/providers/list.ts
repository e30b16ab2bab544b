import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { listProviders } from "../../../providers/registry";
import type { ProviderAdapter } from "../../../providers/types";
import { WIRE_MODELS, WIRE_SUPPORT, wireSupport } from "../../../providers/wire-models";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";

const SupportedOperationsSchema = z.object({
  read: z.enum(WIRE_SUPPORT).openapi({
    description:
      "`supported`; `not_supported_by_terminal`: this service does not serve the model (yet); " +
      "`not_supported_by_provider`: the provider has no such data.",
    example: "supported",
  }),
});

const SupportSchema = z.object({ supportedOperations: SupportedOperationsSchema }).openapi("ModelSupport");

const LocationSupportSchema = z
  .object({
    supportedOperations: SupportedOperationsSchema,
    sampleRate: z
      .number()
      .positive()
      .nullable()
      .openapi({
        description:
          "Seconds between two breadcrumbs of a moving vehicle, when the provider records them at a fixed rate; " +
          "null when it does not (curve logging) or publishes none.",
        example: 30,
      }),
    availableHistory: z.number().int().positive().nullable().openapi({
      description: "Days of breadcrumb history the provider serves; null when it publishes no limit.",
      example: null,
    }),
  })
  .openapi("VehicleLocationSupport");

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
      .object(
        Object.fromEntries(
          WIRE_MODELS.map((model) => [model, model === "VehicleLocation" ? LocationSupportSchema : SupportSchema]),
        ),
      )
      .openapi({ description: "What can be read from the provider through this service, for every model." }),
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
    supportedModels: presentSupport(adapter),
  };
}

function presentSupport(adapter: ProviderAdapter) {
  const { sampleRateSeconds, availableHistoryDays } = adapter.locationSampling;
  return Object.fromEntries(
    WIRE_MODELS.map((model) => {
      const supportedOperations = { read: wireSupport(adapter, model) };
      if (model !== "VehicleLocation") return [model, { supportedOperations }];
      return [model, { supportedOperations, sampleRate: sampleRateSeconds, availableHistory: availableHistoryDays }];
    }),
  );
}

export function registerListProviders(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, (c) => {
    return c.json(z.array(ProviderSchema).parse(listProviders(c.var.environment).map(presentProvider)), 200);
  });
}
