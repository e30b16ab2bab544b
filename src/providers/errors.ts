/**
 * What can go wrong when talking to a provider, in terms the sync engine acts on:
 * - rate_limited: retry after `retryAfterSeconds` (the provider's Retry-After);
 * - unavailable / timeout / malformed: transient, retried with backoff, then the sync fails;
 * - unauthorized: the credentials no longer work; the connection is disconnected;
 * - provisioning_pending: the provider is still preparing (camera media);
 * - not_supported: the provider does not offer this operation.
 */
export type ProviderErrorKind =
  | "rate_limited"
  | "unavailable"
  | "timeout"
  | "malformed"
  | "unauthorized"
  | "provisioning_pending"
  | "not_supported";

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }

  get transient(): boolean {
    return (
      this.kind === "rate_limited" ||
      this.kind === "unavailable" ||
      this.kind === "timeout" ||
      this.kind === "malformed"
    );
  }
}
