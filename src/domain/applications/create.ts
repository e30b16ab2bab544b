import type { Database } from "../../db/client";
import { type ApiKeyKind, type ApplicationRow, apiKeys, applications, type Environment } from "../../db/schema";
import { hashSecret } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { generateApiKey, keyHint } from "../api-keys/format";

/** A key as created: the plaintext is shown to the operator once and never stored. */
export type CreatedApiKey = {
  id: string;
  applicationId: string;
  environment: Environment;
  kind: ApiKeyKind;
  key: string;
  hint: string;
  createdAt: Date;
};

const KEY_SET: ReadonlyArray<readonly [Environment, ApiKeyKind]> = [
  ["production", "secret"],
  ["production", "publishable"],
  ["sandbox", "secret"],
  ["sandbox", "publishable"],
];

async function keyRow(applicationId: string, environment: Environment, kind: ApiKeyKind, now: Date) {
  const key = generateApiKey(environment, kind);
  const created: CreatedApiKey = {
    id: newId("apiKey", now.getTime()),
    applicationId,
    environment,
    kind,
    key,
    hint: keyHint(key),
    createdAt: now,
  };
  return { created, row: { ...created, key: undefined, keyHash: await hashSecret(key), revokedAt: null } };
}

/** Days of time series an application keeps in the data shards until it says otherwise. */
export const DEFAULT_SERIES_HOT_DAYS = 90;

/** How an application's connections sync and keep their time series (each default when absent). */
export type TimeSeriesSettings = { enabled?: boolean; hotDays?: number; retentionDays?: number | null };

/** Creates an application with its four keys (secret and publishable, production and sandbox) in one batch. */
export async function createApplication(
  db: Database,
  name: string,
  timeSeries: TimeSeriesSettings = {},
): Promise<{ application: ApplicationRow; keys: CreatedApiKey[] }> {
  const now = new Date();
  const application: ApplicationRow = {
    id: newId("application", now.getTime()),
    name,
    seriesEnabled: timeSeries.enabled ?? true,
    seriesHotDays: timeSeries.hotDays ?? DEFAULT_SERIES_HOT_DAYS,
    seriesRetentionDays: timeSeries.retentionDays ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const keys = await Promise.all(KEY_SET.map(([environment, kind]) => keyRow(application.id, environment, kind, now)));
  await db.batch([
    db.insert(applications).values(application),
    ...keys.map(({ row }) => {
      const { key: _plaintext, ...stored } = row;
      return db.insert(apiKeys).values(stored);
    }),
  ]);
  return { application, keys: keys.map(({ created }) => created) };
}

/** Creates one more key for an application (for rotation: create the new key, deploy it, revoke the old one). */
export async function createApiKey(
  db: Database,
  applicationId: string,
  environment: Environment,
  kind: ApiKeyKind,
): Promise<CreatedApiKey> {
  const { created, row } = await keyRow(applicationId, environment, kind, new Date());
  const { key: _plaintext, ...stored } = row;
  await db.insert(apiKeys).values(stored);
  return created;
}
