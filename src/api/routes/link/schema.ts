import { z } from "@hono/zod-openapi";
import { SYNC_MODES } from "../../../db/schema";
import {
  DateOrDateTimeSchema,
  DateTimeSchema,
  HistoryDaysSchema,
  idSchema,
  TagsSchema,
  TextSchema,
} from "../../../http/schemas/common";

export const ShortLinkIdParamsSchema = z.object({
  id: idSchema("shortLink").openapi({ param: { name: "id", in: "path" } }),
});

/** An absolute http(s) URL: the browser is sent there, so no `javascript:`, `data:` or relative addresses. */
function isRedirectUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  // Credentials before the host (`https://bank.example@evil.example`) only serve to disguise where a link goes.
  return (
    (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username && !url.password
  );
}

const BackfillSchema = z
  .strictObject({
    days: HistoryDaysSchema.optional().openapi({
      description: "Days of history to sync. Give this or `startFrom`.",
      example: 90,
    }),
    startFrom: DateOrDateTimeSchema.optional().openapi({
      description:
        "Earliest day (YYYY-MM-DD, from midnight UTC) or time (ISO 8601) to sync, not in the future. Give this or `days`.",
      example: "2026-01-01",
    }),
  })
  .refine((backfill) => (backfill.days === undefined) !== (backfill.startFrom === undefined), {
    message: "Give exactly one of `days` and `startFrom`",
  })
  .openapi("ShortLinkBackfill", { description: "History to sync once the connection is made: `days` or `startFrom`." });

export const CreateShortLinkBodySchema = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "Company name of the new connection.", example: "Acme Trucking" }),
    provider: z.string().min(1).max(100).optional().openapi({
      description: "Provider code (GET /providers) to go straight to, skipping the picker.",
      example: "samsara",
    }),
    externalId: TextSchema.optional().openapi({
      description: "The application's own reference, set on the new connection.",
      example: "customer-42",
    }),
    tags: TagsSchema.optional(),
    redirectUrl: z
      .string()
      .max(2000)
      .refine(isRedirectUrl, { message: "Expected an absolute http or https URL without credentials" })
      .optional()
      .openapi({
        format: "uri",
        description: "Where the browser goes at the end, with the public token added as a query parameter.",
        example: "https://example.com/telematics/connected",
      }),
    syncMode: z
      .enum(SYNC_MODES)
      .optional()
      .openapi({ description: "Sync mode of the new connection; default `automatic`.", example: "automatic" }),
    backfill: BackfillSchema.optional(),
    providerHints: z
      .array(z.string().min(1).max(100))
      .max(50)
      .optional()
      .openapi({
        description:
          "Provider codes (GET /providers) the picker lists first, in this order, before the other providers; every code must be a provider of the environment.",
        example: ["geotab", "samsara"],
      }),
    template: z.string().min(1).max(100).optional().openapi({
      description:
        "Link template id of the reference service (`ltp_…`). Accepted for compatibility, stored with the link and ignored: this service has a single hosted-flow template.",
      example: "ltp_01HXQ4YK8V2X0X0X0X0X0X0X0X",
    }),
    expiresAt: DateTimeSchema.optional().openapi({
      description:
        "When the link stops working: in the future, at most the deployment's link lifetime away (`SHORT_LINK_LIFETIME_DAYS`, 365 by default). Default: that lifetime from now.",
      example: "2026-01-13T03:24:53.000Z",
    }),
  })
  .openapi("CreateShortLinkRequest", {
    description:
      "What the hosted flow opened by the link presets. Sending the same body again while its link is live answers that link.",
  });

export const ShortLinkSchema = z
  .object({
    id: idSchema("shortLink"),
    code: z
      .string()
      .regex(/^[a-hjkmnp-z2-9]{8}$/)
      .openapi({ description: "The 8-character code in the link's address.", example: "k7m2xq9p" }),
    url: z.string().url().openapi({
      description: "The address to give the end user; it opens the hosted flow with the link's presets.",
      example: "https://link.example.com/s/k7m2xq9p",
    }),
    expiresAt: DateTimeSchema.openapi({ description: "When the link stops working." }),
  })
  .openapi("ShortLink", { description: "A short address that opens the hosted consent flow with preset parameters." });
