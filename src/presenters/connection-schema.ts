import { z } from "@hono/zod-openapi";
import { SYNC_MODES } from "../db/schema";
import { jsonObject } from "../http/schemas/bounded-json";
import { DateTimeSchema, idSchema, TagsSchema, TextSchema } from "../http/schemas/common";
import { SyncJobSchema } from "./sync-job-schema";

/*
 * The connection as the API and webhooks show it (contract 2.1, 2.2): the response schemas
 * the presenters are typed from. Here, below every caller of the presenters (api/, webhooks/,
 * cron/), so that they all depend on one definition. The request schemas of the connection
 * routes reuse the parts they share (company, filters, sync mode).
 */

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
