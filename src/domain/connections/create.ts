import type { SQLWrapper } from "drizzle-orm";
import type { ServiceContext, Tenant } from "../../context";
import type { Account, Backfill, Company, ConnectionRow, SyncMode } from "../../db/schema";
import { agreements, connections } from "../../db/schema";
import { invalidInput } from "../../errors";
import { generateConnectionToken, sealConnectionToken, sealCredentials } from "../../lib/connection-secrets";
import { newId } from "../../lib/ids";
import { findProvider, providerCodes } from "../../providers/registry";
import { connectionEventDetail } from "../../webhooks/details";
import { commitWithEvents, type EventInput, eventWrite } from "../../webhooks/outbox";
import { placeConnection } from "../shards/placement";
import { requestInitialSync } from "../syncs/request";
import { type AgreementInput, agreementRows } from "./agreements";
import { verifyCredentials } from "./credentials";
import type { CredentialsInput } from "./oauth-grant";

/** What a caller writes with the new connection, in the same write (the hosted flow: its public token and events). */
export type AlsoWritten = (connection: ConnectionRow) => Promise<{ statements: SQLWrapper[]; events: EventInput[] }>;

export type CreateConnectionInput = {
  provider: string;
  credentials: CredentialsInput;
  company?: Partial<Company>;
  options?: Record<string, unknown>;
  externalId?: string;
  syncMode?: SyncMode;
  backfill?: Backfill;
  tags?: string[];
  agreements?: AgreementInput[];
};

/**
 * Creates a connection: checks the provider is available in the environment, validates the
 * credentials against the provider's schema, verifies them with the provider, then writes
 * the connection and its agreements in one batch. The token is returned once in plaintext
 * to the caller, who answers it to the application.
 */
export async function createConnection(
  { db, env }: ServiceContext,
  tenant: Tenant,
  input: CreateConnectionInput,
  also?: AlsoWritten,
): Promise<{ connection: ConnectionRow; token: string }> {
  const adapter = findProvider(input.provider);
  if (!adapter?.environments.includes(tenant.environment)) {
    const codes = providerCodes(tenant.environment);
    throw invalidInput(
      `Unknown provider \`${input.provider}\` in the ${tenant.environment} environment.`,
      "{requestBody}.provider",
      codes.length
        ? `Use one of: ${codes.join(", ")} (GET /providers lists them).`
        : "No provider is available here yet.",
    );
  }
  const [{ credentials, verified }, shard] = await Promise.all([
    verifyCredentials(adapter, input.credentials, env),
    placeConnection({ db, env }),
  ]);

  const now = new Date();
  const id = newId("connection", now.getTime());
  const token = generateConnectionToken();
  const row: ConnectionRow = {
    id,
    applicationId: tenant.applicationId,
    environment: tenant.environment,
    provider: adapter.code,
    status: "connected",
    syncMode: input.syncMode ?? "automatic",
    externalId: input.externalId ?? null,
    sourceId: verified.sourceId ?? null,
    company: {
      ...(input.company?.name === undefined ? {} : { name: input.company.name }),
      dotNumbers: input.company?.dotNumbers ?? [],
    },
    account: normalizeAccount(verified.account),
    tags: input.tags ?? null,
    options: input.options ?? {},
    filters: null,
    backfill: input.backfill ?? null,
    ...(await sealConnectionToken(env, id, token)),
    credentialsEncrypted: await sealCredentials(env, id, credentials),
    tokenRotatedAt: null,
    deletionDueAt: null,
    deletedAt: null,
    // The first sync is owed from this very write: should the call below not reach the
    // connection's sync object (a crash, a failure), the reconciler starts it.
    syncIntent: "initial",
    syncIntentAt: now,
    shard,
    createdAt: now,
    updatedAt: now,
  };
  const accepted = agreementRows(row, input.agreements, verified.account.user, now);
  const created = eventWrite(
    tenant,
    { type: "connection.created", detail: await connectionEventDetail(env, row), connectionId: id },
    { now },
  );
  // Everything that can fail comes before this one batch (one transaction): the connection, its
  // agreements, its `connection.created` event and the deliveries it owes exist together or not
  // at all. Nothing after it can fail the request.
  const extra = (await also?.(row)) ?? { statements: [], events: [] };
  await commitWithEvents(
    env,
    [
      db.insert(connections).values(row),
      ...accepted.map((agreement) => db.insert(agreements).values(agreement)),
      ...extra.statements,
    ],
    [created, ...extra.events.map((event) => eventWrite(tenant, event, { now }))],
  );
  try {
    await requestInitialSync({ db, env }, row);
  } catch (error) {
    // The sync stays owed (syncIntent): the connection's sync object or the reconciler starts it.
    console.error(
      JSON.stringify({
        level: "warn",
        message: "initial sync request failed; the reconciler will start it",
        connectionId: id,
        error: String(error),
      }),
    );
  }
  return { connection: row, token };
}

function normalizeAccount(account: Account): Account {
  return { ...account, dotNumbers: account.dotNumbers ?? [] };
}
