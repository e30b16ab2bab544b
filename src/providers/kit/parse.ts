import type { z } from "@hono/zod-openapi";
import { ProviderError } from "../errors";

/**
 * Reading provider payloads, which are untrusted input: validated before they are mapped, so
 * that one that does not validate is ProviderError("malformed") (the engine skips and reports
 * it) rather than half a record.
 */
export function parsePayload<T>(provider: string, schema: z.ZodType<T>, payload: unknown, what: string): T {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  throw new ProviderError("malformed", `${provider}: invalid ${what} payload (${describeIssues(result.error)}).`);
}

/** The first few problems of a validation, on one line, for an error message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

/** A text field's value, or undefined when absent, null or blank (providers send "" for unset fields). */
export function nonBlank(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
