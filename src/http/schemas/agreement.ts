import { z } from "@hono/zod-openapi";
import { DateTimeSchema } from "./common";

/**
 * `end-user-agreement`, or `<vendor>-data-sharing-agreement` (contract 4.1) where the vendor is a
 * lowercase kebab-case word like a provider code: no empty, leading, trailing or doubled hyphen.
 */
const AGREEMENT_TYPE = /^(end-user-agreement|[a-z0-9]+(-[a-z0-9]+)*-data-sharing-agreement)$/;

const IPV4 = z
  .ipv4()
  .openapi({ format: "ipv4", description: "IPv4 address of the person who accepted.", example: "203.0.113.7" });

/**
 * An agreement the customer accepted, as POST /connections takes it (contract 4.1): the one
 * definition of an agreement in a request. POST /link/complete takes it without the address and
 * user agent (BrowserAgreementInputSchema).
 */
export const AgreementInputSchema = z.strictObject({
  agreementUrl: z
    .string()
    .url()
    .max(2000)
    .openapi({ description: "URL of the accepted text (immutable).", example: "https://example.com/terms/v3" }),
  type: z.string().regex(AGREEMENT_TYPE).optional().openapi({
    description: "`end-user-agreement` (default) or `<vendor>-data-sharing-agreement`.",
    example: "end-user-agreement",
  }),
  ipAddress: IPV4.optional(),
  acceptedAt: DateTimeSchema.optional().openapi({ description: "When the end user accepted. Default: now." }),
  userAgent: z.string().max(1000).optional().openapi({ description: "Browser of the person who accepted." }),
});

/**
 * An agreement accepted in the browser that sends the request: its address and user agent are
 * the request's own (taken from its headers), so the body cannot state them.
 */
export const BrowserAgreementInputSchema = AgreementInputSchema.omit({ ipAddress: true, userAgent: true });
