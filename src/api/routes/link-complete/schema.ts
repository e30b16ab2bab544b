import { z } from "@hono/zod-openapi";
import { parseBackfillStart } from "../../../domain/link/params";
import { BrowserAgreementInputSchema } from "../../../http/schemas/agreement";
import { boundedJson, CREDENTIALS_LIMITS } from "../../../http/schemas/bounded-json";
import { DateTimeSchema, HistoryDaysSchema, idSchema, TagsSchema, TextSchema } from "../../../http/schemas/common";
import { SyncModeSchema } from "../../../presenters/connection-schema";

export const LinkCompleteBodySchema = z
  .strictObject({
    provider: z
      .string()
      .min(1)
      .max(100)
      .openapi({ description: "Provider code (GET /providers).", example: "sandbox" }),
    credentials: boundedJson(CREDENTIALS_LIMITS, {
      description: "The provider's credential fields, as the end user typed them. Never stored in plaintext.",
      example: { username: "demo", password: "demo" },
    }),
    agreements: z.array(BrowserAgreementInputSchema).min(1).max(5).openapi({
      description:
        "What the end user accepted. The address and user agent of the acceptance are taken from this request.",
    }),
    connectionId: idSchema("connection")
      .optional()
      .openapi({ description: "Re-authenticate this connection (its token is kept) instead of creating one." }),
    name: TextSchema.optional().openapi({ description: "Company name of a new connection." }),
    externalId: TextSchema.optional(),
    tags: TagsSchema.optional(),
    syncMode: SyncModeSchema.optional(),
    backfill: z
      .strictObject({
        days: HistoryDaysSchema.optional(),
        startFrom: z
          .string()
          .max(40)
          .refine((value) => parseBackfillStart(value) !== undefined, "must be a past date or date-time")
          .optional(),
      })
      .refine((value) => value.days === undefined || value.startFrom === undefined, "give days or startFrom, not both")
      .optional(),
  })
  .refine(
    (body) =>
      body.connectionId === undefined ||
      [body.name, body.externalId, body.tags, body.syncMode, body.backfill].every((value) => value === undefined),
    { message: "a reconnection takes no connection settings", path: ["connectionId"] },
  )
  .openapi("LinkCompleteRequest");

export const LinkCompleteResponseSchema = z
  .object({
    publicToken: z
      .string()
      .regex(/^pub_tkn_\S+$/)
      .openapi({ example: "pub_tkn_8sJd…" }),
    expiresAt: DateTimeSchema.openapi({ description: "The token must be exchanged before this time." }),
  })
  .openapi("LinkCompleteResponse");
