import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { providerDocsOf } from "../../../providers/provider-docs";
import { listProviders } from "../../../providers/registry";
import type { ProviderAdapter } from "../../../providers/types";
import { WIRE_MODELS, WIRE_SUPPORT, wireSupport } from "../../../providers/wire-models";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { providerFamiliesTable } from "./families-table";

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

const UserGuideSchema = z
  .object({
    title: z.string().openapi({ example: "Samsara API tokens" }),
    url: z.string().url().openapi({ example: "https://kb.samsara.com/hc/en-us/articles/217296157-Samsara-API" }),
    description: z.string().openapi({
      description: "What the page helps with.",
      example: "How an administrator creates an API token in the Samsara dashboard and chooses its scopes.",
    }),
  })
  .openapi("ProviderUserGuide", {
    description:
      "A page of the provider's own help for the fleet's staff: where to find or create what the credential form asks for.",
  });

const ReferenceSchema = z
  .object({
    title: z.string().openapi({ example: "Samsara API reference" }),
    url: z.string().url().openapi({ example: "https://developers.samsara.com/reference/overview" }),
  })
  .openapi("ProviderReference", { description: "A page of the provider's API documentation, for developers." });

export const ProviderSchema = z
  .object({
    code: z.string().openapi({ description: "Unique provider code.", example: "sandbox" }),
    baseCode: z.string().openapi({
      description:
        "Code of the platform the provider is built on: a white label of Geotab has `geotab`; a provider that is its own platform has its own code. Providers of one base take the same credentials and serve the same models.",
      example: "geotab",
    }),
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
    userGuides: z.array(UserGuideSchema).openapi({
      description:
        "Guides for the end user connecting the account (how to create the API token or find the database name); empty when the credential form says all.",
    }),
    references: z
      .array(ReferenceSchema)
      .openapi({ description: "The provider's API documentation, for developers; empty when it publishes none." }),
  })
  .openapi("Provider");

const route = createRoute({
  ...applicationScope,
  operationId: "providers.list",
  tags: ["Providers"],
  method: "get",
  path: "/providers",
  summary: "List providers",
  description: `The providers connections can be made to in this environment, as a bare array (not a page). Each provider's \`supportedModels\` says what it serves; in short (the sandbox environment also lists \`sandbox\`):\n\n${providerFamiliesTable()}`,
  responses: {
    200: {
      description: "Every available provider.",
      content: { "application/json": { schema: z.array(ProviderSchema) } },
    },
    ...errorResponses(APPLICATION_ERRORS),
  },
});

function presentProvider(adapter: ProviderAdapter) {
  const docs = providerDocsOf(adapter.code);
  return {
    code: adapter.code,
    baseCode: docs.baseCode,
    name: adapter.name,
    status: adapter.status,
    logo: adapter.logo,
    icon: adapter.icon,
    credentials: adapter.credentialFields,
    supportedModels: presentSupport(adapter),
    userGuides: docs.userGuides,
    references: docs.references,
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
