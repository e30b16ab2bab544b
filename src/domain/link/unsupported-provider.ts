import { z } from "zod";
import type { ServiceContext } from "../../context";
import type { LinkSessionRow } from "../../db/schema";
import { DomainError } from "../../errors";
import { emitEvent } from "../../webhooks/emit";
import { tenantOf } from "./sessions";

/** What the end user asks for when their provider is not in the picker, as the form names it. */
export type UnsupportedProviderRequest = { providerName: string; email: string; dotNumber?: string };

/** The form's field names, in the form's order. */
export const UNSUPPORTED_PROVIDER_FIELDS = ["providerName", "email", "dotNumber"] as const;
export type UnsupportedProviderField = (typeof UNSUPPORTED_PROVIDER_FIELDS)[number];

export type ParsedUnsupportedProviderRequest =
  | { ok: true; request: UnsupportedProviderRequest }
  | { ok: false; errors: Partial<Record<UnsupportedProviderField, string>> };

/** Messages an end user can act on; what the field is for is on its label. */
const RequestSchema = z.object({
  providerName: z
    .string()
    .trim()
    .min(1, "Enter the name of your telematics provider.")
    .max(200, "Use at most 200 characters."),
  email: z.string().trim().max(320, "Use at most 320 characters.").pipe(z.email("Enter a valid email address.")),
  // A USDOT number is up to 8 digits; an empty field is no number.
  dotNumber: z
    .string()
    .trim()
    .regex(/^\d{0,8}$/, "A DOT number is digits only, at most 8.")
    .optional(),
});

/** Reads the posted form; every bad field gets its own message. */
export function parseUnsupportedProviderForm(form: Record<string, string>): ParsedUnsupportedProviderRequest {
  const result = RequestSchema.safeParse({
    providerName: form.providerName ?? "",
    email: form.email ?? "",
    dotNumber: form.dotNumber,
  });
  if (!result.success) {
    const errors: Partial<Record<UnsupportedProviderField, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as UnsupportedProviderField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const { providerName, email, dotNumber } = result.data;
  return { ok: true, request: { providerName, email, ...(dotNumber ? { dotNumber } : {}) } };
}

/**
 * Tells the application that an end user of this session asked for a provider it cannot offer
 * (`unsupported_provider.requested`), with what identifies the session and the customer it was
 * opened for, so that the application can follow up. A reconnection keeps its provider, so it
 * has no such request. Never throws on the emission itself (as every emit).
 */
export async function requestUnsupportedProvider(
  context: ServiceContext,
  session: LinkSessionRow,
  request: UnsupportedProviderRequest,
): Promise<void> {
  if (session.reconnect) throw new DomainError("invalid_input", "A reconnection keeps its provider.");
  const { params } = session;
  const detail: Record<string, unknown> = {
    providerName: request.providerName,
    email: request.email,
    ...(request.dotNumber ? { dotNumber: request.dotNumber } : {}),
    linkSessionId: session.id,
    ...(params.name ? { companyName: params.name } : {}),
    ...(params.externalId ? { externalId: params.externalId } : {}),
    ...(params.tags?.length ? { tags: params.tags } : {}),
    ...(session.shortLinkId ? { shortLinkId: session.shortLinkId } : {}),
    requestedAt: new Date().toISOString(),
  };
  await emitEvent(context, tenantOf(session), { type: "unsupported_provider.requested", detail });
}
