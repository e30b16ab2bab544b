import type { LinkSessionRow } from "../db/schema";
import { offersOAuth } from "../domain/link/oauth-consent";
import type { Env } from "../env";
import type { ProviderAdapter } from "../providers/types";
import type { OAuthChoice } from "./pages/credentials";

/** How the credentials step is shown when the provider connects through OAuth. */
export type ConsentView = { oauth?: OAuthChoice; consentOrigins?: string[] };

/**
 * The credentials step of a provider the flow offers OAuth for: the consent first (`method`
 * absent), or the credential form with a way back to it (`method=credentials`). The consent
 * pages' origins go into the page's form-action, which Chromium applies to the form's redirect.
 */
export function consentView(
  env: Env,
  session: Pick<LinkSessionRow, "id">,
  provider: ProviderAdapter,
  method: string | undefined,
): ConsentView {
  const spec = provider.oauth;
  if (!spec || !offersOAuth(provider, env)) return {};
  const path = `/flow/${session.id}`;
  const fields = provider.credentialFields.filter((field) => spec.formFields?.includes(field.name));
  const base = { action: `${path}/oauth`, sessionPath: path, fields };
  if (method === "credentials") return { oauth: { ...base, consentHref: path } };
  // Every page the consent may start at: one per value of the fields asked first (Samsara's regions).
  const answers = [{}, ...fields.flatMap((field) => (field.options ?? []).map((o) => ({ [field.name]: o.value })))];
  const consentOrigins = [...new Set(answers.map((answer) => new URL(spec.endpoints(env, answer).authorize).origin))];
  return { oauth: { ...base, credentialsHref: `${path}?method=credentials` }, consentOrigins };
}
