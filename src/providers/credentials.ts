import { z } from "@hono/zod-openapi";
import type { ProviderAdapter } from "./types";

/**
 * The zod schema of a provider's credentials, generated from its form fields so that the
 * form the hosted flow shows and the validation of POST /connections cannot disagree.
 */
export function credentialsSchema(adapter: Pick<ProviderAdapter, "credentialFields">) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of adapter.credentialFields) {
    let value = z.string().min(1).max(1000);
    if (field.options)
      value = value.refine((v) => field.options?.some((o) => o.value === v), {
        message: `Expected one of: ${field.options.map((o) => o.value).join(", ")}`,
      });
    shape[field.name] = field.required ? value : value.optional();
  }
  return z.strictObject(shape);
}
