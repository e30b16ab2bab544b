import { z } from "@hono/zod-openapi";
import { CONNECTION_STATUSES } from "../../../db/schema";
import { hosOptionsProblem } from "../../../families/hos-available-time/rules-option";
import { AgreementInputSchema } from "../../../http/schemas/agreement";
import { boundedJson, CREDENTIALS_LIMITS, OPTIONS_LIMITS } from "../../../http/schemas/bounded-json";
import { DateTimeSchema, HistoryDaysSchema, TagsSchema, TextSchema } from "../../../http/schemas/common";
import { CompanySchema, FiltersSchema, SyncModeSchema } from "../../../presenters/connection-schema";

// The response schemas moved to presenters/connection-schema.ts; api/routes/issues/list.ts still imports this one from here.
export { AnyConnectionSchema } from "../../../presenters/connection-schema";

/** Free-form options, but `hos` (the hours-of-service cycle the API computes clocks with) is checked. */
const optionsSchema = (description: string) =>
  boundedJson(OPTIONS_LIMITS, {
    description,
    example: { ingestHistoryFromSourceSystem: true, hos: { cycle: "70_8" } },
  }).superRefine((options, context) => {
    const problem = hosOptionsProblem(options);
    if (problem) context.addIssue({ code: "custom", message: problem, path: ["hos"] });
  });

const OptionsSchema = optionsSchema(
  "Free-form options; provider-specific keys such as `ingestHistoryFromSourceSystem`, and `hos.cycle` (`60_7` or `70_8`, default `70_8`): the hours-of-service cycle of the connection's drivers.",
);

/** The provider's credential fields, bounded before the provider's own schema checks them. */
const CredentialsSchema = boundedJson(CREDENTIALS_LIMITS, {
  description: "The provider's credential fields (GET /providers).",
  example: { username: "demo", password: "demo" },
});

const ExternalIdSchema = TextSchema.openapi({
  description: "The application's own reference.",
  example: "customer-42",
});

export const CreateConnectionBodySchema = z
  .looseObject({
    provider: z
      .string()
      .min(1)
      .max(100)
      .openapi({ description: "Provider code (GET /providers).", example: "sandbox" }),
    credentials: CredentialsSchema,
    company: CompanySchema.partial().strict().optional(),
    options: OptionsSchema.optional(),
    externalId: ExternalIdSchema.optional(),
    syncMode: SyncModeSchema.optional(),
    backfill: z
      .strictObject({
        startFrom: DateTimeSchema.optional(),
        days: HistoryDaysSchema.optional(),
      })
      .optional()
      .openapi({ description: "History to sync after the connection is made. Absent: from now." }),
    tags: TagsSchema.optional(),
    agreements: z
      .array(AgreementInputSchema)
      .max(10)
      .optional()
      .openapi({ description: "Agreements the customer accepted (at most 10), kept with the connection." }),
  })
  .openapi("CreateConnectionRequest");

export const UpdateConnectionBodySchema = z
  .strictObject({
    status: z.enum(["connected", "archived", "disconnected"]).optional(),
    options: optionsSchema(
      "Replaces the options: free-form, provider-specific keys, and `hos.cycle` (`60_7` or `70_8`).",
    ).optional(),
    company: CompanySchema.partial().strict().optional(),
    externalId: ExternalIdSchema.optional(),
    syncMode: SyncModeSchema.optional(),
    tags: TagsSchema.optional(),
    filters: FiltersSchema.optional(),
  })
  .openapi("UpdateConnectionRequest", { description: "Only these fields can be changed; any other field is refused." });

export const ListConnectionsQuerySchema = z.object({
  externalId: TextSchema.optional().openapi({ description: "Only the connection with this external id." }),
  dotNumber: z.string().max(20).optional().openapi({ description: "Company or account DOT number." }),
  tag: z.string().max(100).optional().openapi({ description: "Only connections carrying this tag." }),
  status: z.enum(CONNECTION_STATUSES).optional(),
  provider: z.string().max(100).optional().openapi({ description: "Provider code." }),
  updatedAfter: DateTimeSchema.optional().openapi({ description: "Updated at or after this time." }),
  updatedBefore: DateTimeSchema.optional().openapi({ description: "Updated before this time." }),
  order: z.enum(["asc", "desc"]).default("asc").openapi({ description: "Creation order; default `asc`." }),
});
