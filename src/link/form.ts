import type { Context } from "hono";
import type { AppEnv } from "../env";
import { flowError } from "./errors";

/** Largest form a step accepts: credentials are short; anything larger is not a person typing. */
const MAX_FORM_FIELDS = 20;
const MAX_FIELD_LENGTH = 4096;

/** The posted form as strings; files and oversized or numerous fields are refused. */
export async function readForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    throw flowError(400, "Something is not right", "The form was not sent as a form.");
  }
  const body = await c.req.parseBody();
  const entries = Object.entries(body);
  if (entries.length > MAX_FORM_FIELDS) throw flowError(400, "Something is not right", "The form has too many fields.");
  const form: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string" || value.length > MAX_FIELD_LENGTH) {
      throw flowError(400, "Something is not right", "A field of the form is too long or is not text.");
    }
    form[name] = value;
  }
  return form;
}

/** The URL with these query parameters set: where redirect mode sends the browser at the end. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
