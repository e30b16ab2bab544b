import { z } from "@hono/zod-openapi";
import { CONNECTION_STATUSES, SYNC_MODES } from "../../../db/schema";
import { boundedJson, CREDENTIALS_LIMITS, jsonObject, OPTIONS_LIMITS } from "../../../http/schemas/bounded-json";
import { DateTimeSchema, idSchema, TagsSchema, TextSchema } from "../../../http/schemas/common";
import { SyncJobSchema } from "../../schemas/sync-job";

const DotNumbersSchema = z
  .array(z.string().min(1).max(20))
  .max(20)
  .openapi({ example: ["1234567"] });

export const CompanySchema = z
  .object({
    name: TextSchema.optional().openapi({ description: "Label of the customer company.", example: "Acme Trucking" }),
    dotNumbers: DotNumbersSchema,
  })
  .openapi("Company");

const ProviderUserSchema = z
  .object({
    sourceId: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
  })
  .openapi("ProviderUser", { description: "The provider user who created the connection." });

const ProviderRefSchema = z
  .object({ code: z.string().openapi({ example: "sandbox" }), name: z.string().openapi({ example: "Sandbox" }) })
  .openapi("ProviderRef");

const idList = (kind: "vehicle" | "driver") => z.array(idSchema(kind)).max(10_000);

const RecordFilterSchema = z.strictObject({
  status: z
    .enum(["active", "inactive"])
    .optional()
    .openapi({ description: "Only data of records with this status is included." }),
  excludeIds: idList("vehicle").optional().openapi({ description: "Ids to exclude." }),
  includeIds: idList("vehicle")
    .optional()
    .openapi({ description: "Ids to include; takes priority over other filters." }),
});

const DriverFilterSchema = RecordFilterSchema.extend({
  excludeIds: idList("driver").optional().openapi({ description: "Ids to exclude." }),
  includeIds: idList("driver")
    .optional()
    .openapi({ description: "Ids to include; takes priority over other filters." }),
});

export const FiltersSchema = z
  .strictObject({ vehicles: RecordFilterSchema.optional(), drivers: DriverFilterSchema.optional() })
  .openapi("ConnectionFilters", { description: "Which vehicles and drivers are ingested." });

export const AgreementSchema = z
  .object({
    id: idSchema("agreement"),
    agreementUrl: z.string().openapi({ example: "https://example.com/terms/v3" }),
    acceptedAt: DateTimeSchema,
    connectionId: idSchema("connection"),
    acceptedBy: ProviderUserSchema,
    location: z.string().optional(),
    ipAddress: z.string().optional().openapi({ example: "203.0.113.7" }),
    userAgent: z.string().optional(),
  })
  .openapi("Agreement");

const OptionsSchema = boundedJson(OPTIONS_LIMITS, {
  description: "Free-form options; provider-specific keys such as `ingestHistoryFromSourceSystem`.",
  example: { ingestHistoryFromSourceSystem: true },
});

/** The provider's credential fields, bounded before the provider's own schema checks them. */
const CredentialsSchema = boundedJson(CREDENTIALS_LIMITS, {
  description: "The provider's credential fields (GET /providers).",
  example: { username: "demo", password: "demo" },
});

const ExternalIdSchema = TextSchema.openapi({
  description: "The application's own reference.",
  example: "customer-42",
});

export const SyncModeSchema = z.enum(SYNC_MODES).openapi({ description: "Default `automatic`.", example: "automatic" });

export const ConnectionSchema = z
  .object({
    id: idSchema("connection"),
    company: CompanySchema,
    account: z
      .object({ name: z.string().optional(), dotNumbers: z.array(z.string()), user: ProviderUserSchema.optional() })
      .openapi("Account", { description: "The account at the provider." }),
    provider: ProviderRefSchema,
    externalId: z
      .string()
      .optional()
      .openapi({ description: "The application's own reference.", example: "customer-42" }),
    sourceId: z.string().optional().openapi({ description: "Account or organization id in the provider system." }),
    syncMode: SyncModeSchema,
    token: z
      .string()
      .regex(/^con_tkn_\S+$/)
      .openapi({ description: "The connection token, for the `Connection-Token` header.", example: "con_tkn_2b9Fh…" }),
    tokenRotatedAt: DateTimeSchema.optional().openapi({
      description: "When the token was last rotated (POST /connections/current/rotate-token). Absent if never.",
    }),
    tags: TagsSchema.optional(),
    createdAt: DateTimeSchema,
    updatedAt: DateTimeSchema,
    status: z.enum(["connected", "disconnected", "archived", "pending_deletion"]).openapi({ example: "connected" }),
    options: jsonObject({
      description: "Free-form options, as last set.",
      example: { ingestHistoryFromSourceSystem: true },
    }),
    filters: FiltersSchema.optional(),
    linkUrl: z.string().url().openapi({
      // An RFC 6570 template, not an RFC 3986 URI: `{` and `}` are not URI characters, so a
      // client validating `format: uri` strictly rejected every connection (found by the fuzzer).
      format: "uri-template",
      description:
        "Hosted-flow URL to re-authenticate the connection; replace `{connectionId}` and `{publishableKey}`.",
      example: "https://link.example.com/connection/{connectionId}?key={publishableKey}",
    }),
    // `.openapi()` before `.optional()`: the note stays on this property (allOf) instead of the shared component.
    agreements: z.array(AgreementSchema).openapi({ description: "Only on GET /connections/current." }).optional(),
    lastSync: SyncJobSchema.openapi({
      description: "The most recent sync job. Only on GET /connections/current.",
    }).optional(),
  })
  .openapi("Connection", {
    description:
      "A connection to one customer account at one provider. `agreements` and `lastSync` (the most recent sync job) are present only on GET /connections/current.",
  });

export const DeletedConnectionSchema = z
  .object({
    id: idSchema("connection"),
    provider: ProviderRefSchema,
    status: z.enum(["deleting", "deleted"]),
    createdAt: DateTimeSchema,
    updatedAt: DateTimeSchema,
  })
  .openapi("DeletedConnection", { description: "The record kept after a connection's data was deleted." });

export const AnyConnectionSchema = z.union([ConnectionSchema, DeletedConnectionSchema]);

const AGREEMENT_TYPE = /^(end-user-agreement|[a-z0-9]+(-[a-z0-9]+)*-data-sharing-agreement)$/;

const IPV4 = z
  .ipv4()
  .openapi({ format: "ipv4", description: "IPv4 address of the person who accepted.", example: "203.0.113.7" });

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
        days: z.number().int().min(0).max(3650).optional(),
      })
      .optional()
      .openapi({ description: "History to sync after the connection is made. Absent: from now." }),
    tags: TagsSchema.optional(),
    agreements: z
      .array(
        z.strictObject({
          agreementUrl: z
            .string()
            .url()
            .max(2000)
            .openapi({ description: "URL of the accepted text (immutable).", example: "https://example.com/terms/v3" }),
          type: z.string().regex(AGREEMENT_TYPE).optional().openapi({
            description: "`end-user-agreement` or `<vendor>-data-sharing-agreement`.",
            example: "end-user-agreement",
          }),
          ipAddress: IPV4.optional(),
          acceptedAt: DateTimeSchema.optional(),
          userAgent: z.string().max(1000).optional().openapi({ description: "Browser of the person who accepted." }),
        }),
      )
      .max(10)
      .optional()
      .openapi({ description: "Agreements the customer accepted (at most 10), kept with the connection." }),
  })
  .openapi("CreateConnectionRequest");

export const UpdateConnectionBodySchema = z
  .strictObject({
    status: z.enum(["connected", "archived", "disconnected"]).optional(),
    options: boundedJson(OPTIONS_LIMITS, {
      description: "Replaces the options: free-form, provider-specific keys.",
      example: { ingestHistoryFromSourceSystem: true },
    }).optional(),
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
