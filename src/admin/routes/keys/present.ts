type KeyLike = {
  id: string;
  environment: string;
  kind: string;
  hint: string;
  createdAt: Date;
  revokedAt?: Date | null;
  /** The key itself: only right after it was made, never stored. */
  key?: string;
};

/** An API key as the operator API answers it (ApiKeySchema, or CreatedApiKeySchema with `key`). */
export function presentApiKey(key: KeyLike) {
  return {
    id: key.id,
    environment: key.environment,
    kind: key.kind,
    hint: key.hint,
    createdAt: key.createdAt.toISOString(),
    ...(key.revokedAt ? { revokedAt: key.revokedAt.toISOString() } : {}),
    ...(key.key ? { key: key.key } : {}),
  };
}
