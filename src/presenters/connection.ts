import type { z } from "@hono/zod-openapi";
import type { AgreementRow, ConnectionRow, SyncJobRow } from "../db/schema";
import type { Env } from "../env";
import { openConnectionToken } from "../lib/connection-secrets";
import { findProvider } from "../providers/registry";
import type { AgreementSchema, ConnectionSchema, DeletedConnectionSchema } from "./connection-schema";
import type { SyncJobSchema } from "./sync-job-schema";

/** The full connection of the contract (2.1), as the API answers it. */
export type ConnectionView = z.infer<typeof ConnectionSchema>;
/** The retained record of a deleted connection: the base fields only. */
export type DeletedConnectionView = z.infer<typeof DeletedConnectionSchema>;
export type AgreementView = z.infer<typeof AgreementSchema>;
export type SyncJobView = z.infer<typeof SyncJobSchema>;

/** The hosted flow's re-authentication URL, with the placeholders the contract describes. */
export function linkUrl(env: Env): string {
  return `${env.LINK_BASE_URL.replace(/\/+$/, "")}/connection/{connectionId}?key={publishableKey}`;
}

function providerOf(code: string) {
  return { code, name: findProvider(code)?.name ?? code };
}

const optional = <K extends string, V>(key: K, value: V | null | undefined) =>
  (value === null || value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

export async function presentConnection(
  env: Env,
  row: ConnectionRow,
  extras: { agreements?: AgreementRow[]; lastSync?: SyncJobRow | null; lastSyncIssueIds?: string[] } = {},
): Promise<ConnectionView | DeletedConnectionView> {
  if (row.status === "deleted" || row.status === "deleting") return presentDeletedConnection(row);
  return {
    id: row.id,
    company: row.company,
    account: row.account,
    provider: providerOf(row.provider),
    ...optional("externalId", row.externalId),
    ...optional("sourceId", row.sourceId),
    syncMode: row.syncMode,
    token: await openConnectionToken(env, row.id, row.tokenEncrypted),
    ...optional("tokenRotatedAt", row.tokenRotatedAt?.toISOString()),
    ...optional("tags", row.tags),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    options: row.options,
    ...optional("filters", row.filters),
    linkUrl: linkUrl(env),
    ...(extras.agreements ? { agreements: extras.agreements.map(presentAgreement) } : {}),
    ...(extras.lastSync ? { lastSync: presentSyncJob(extras.lastSync, extras.lastSyncIssueIds) } : {}),
  };
}

export function presentDeletedConnection(row: ConnectionRow): DeletedConnectionView {
  return {
    id: row.id,
    provider: providerOf(row.provider),
    status: row.status as DeletedConnectionView["status"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAgreement(row: AgreementRow): AgreementView {
  return {
    id: row.id,
    agreementUrl: row.agreementUrl,
    acceptedAt: row.acceptedAt.toISOString(),
    connectionId: row.connectionId,
    acceptedBy: row.acceptedBy ?? {},
    ...optional("location", row.location),
    ...optional("ipAddress", row.ipAddress),
    ...optional("userAgent", row.userAgent),
  };
}

export function presentSyncJob(row: SyncJobRow, issueIds: string[] = []): SyncJobView {
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    ...optional("failureReason", row.failureReason),
    progress: row.progress,
    issues: issueIds,
    ...optional("startFrom", row.startFrom?.toISOString()),
    ...optional("completedAt", row.completedAt?.toISOString()),
    attempts: row.attempts,
    providerRequests: row.providerRequests,
  };
}
