import type { Env } from "../../env";

/**
 * The end-user agreement the hosted flow asks for. Its URL carries its version: the contract
 * says an agreement's URL and content are immutable, so a new text gets a new version.
 */
export const END_USER_AGREEMENT = {
  type: "end-user-agreement",
  version: "2026-11-01",
  title: "End User Data Sharing Agreement",
} as const;

export function endUserAgreementUrl(env: Env): string {
  return `${linkOrigin(env)}/agreements/${END_USER_AGREEMENT.type}/${END_USER_AGREEMENT.version}`;
}

/** The hosted flow's origin, without a trailing slash (the SDK compares message origins exactly). */
export function linkOrigin(env: Env): string {
  return env.LINK_BASE_URL.replace(/\/+$/, "");
}
