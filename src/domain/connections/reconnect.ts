import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { type AgreementRow, type ConnectionRow, connections } from "../../db/schema";
import { DomainError } from "../../errors";
import { sealCredentials } from "../../lib/connection-secrets";
import { findProvider } from "../../providers/registry";
import type { EventInput } from "../../webhooks/outbox";
import { requestSync } from "../syncs/request";
import { type AgreementInput, agreementRows } from "./agreements";
import { commitConnectionChange } from "./commit-change";
import { verifyCredentials } from "./credentials";
import type { CredentialsInput } from "./oauth-grant";
import { connectionUpdateEvents } from "./update";

/** Statuses a connection can be re-authenticated from. */
const RECONNECTABLE = ["connected", "disconnected"] as const;

/**
 * Re-authenticates a connection with new credentials (the hosted flow's reconnect): the
 * provider verifies them, they replace the stored ones, and a disconnected connection is
 * connected again. The token does not change. Credentials of another account at the provider
 * are refused, so a reconnect link cannot swap a customer's fleet for someone else's.
 */
export async function reconnectConnection(
  { db, env }: ServiceContext,
  connection: ConnectionRow,
  input: { credentials: CredentialsInput; agreements?: AgreementInput[] },
  also: { statements: (applied: SQL) => SQL[]; events: (after: ConnectionRow) => Promise<EventInput[]> } = {
    statements: () => [],
    events: async () => [],
  },
): Promise<ConnectionRow> {
  assertReconnectable(connection);
  const adapter = findProvider(connection.provider);
  if (!adapter) throw new Error(`provider ${connection.provider} of ${connection.id} is not registered`);
  const { credentials, verified } = await verifyCredentials(adapter, input.credentials, env);
  if (connection.sourceId && verified.sourceId && verified.sourceId !== connection.sourceId) {
    throw new DomainError(
      "invalid_credentials",
      `These credentials belong to another ${adapter.name} account than the one this connection was made with.`,
    );
  }

  const now = new Date();
  const accepted = agreementRows(connection, input.agreements, verified.account.user, now);
  // Conditional on the status, so that a deletion requested meanwhile wins; one write, so the
  // new agreements and the events exist only if the credentials were replaced.
  const row = await commitConnectionChange({ db, env }, connection, {
    patch: {
      status: "connected",
      credentialsEncrypted: await sealCredentials(env, connection.id, credentials),
      updatedAt: now,
    },
    condition: inArray(connections.status, [...RECONNECTABLE]),
    events: async (after) => [...(await connectionUpdateEvents(env, connection, after)), ...(await also.events(after))],
    alsoWhen: (applied) => [
      ...accepted.map((agreement) => insertAgreementWhen(agreement, applied)),
      ...also.statements(applied),
    ],
  });
  if (!row) {
    const [current] = await db.select().from(connections).where(eq(connections.id, connection.id)).limit(1);
    assertReconnectable(current ?? { status: "deleted" });
    throw new DomainError("conflict", "The connection changed meanwhile; try again.");
  }
  if (connection.status === "disconnected") {
    // Back to connected: a sync catches up on what was missed (the schedule resumed with the change).
    await requestSync({ db, env }, row, {}).catch((error: unknown) => {
      if (!(error instanceof DomainError)) console.error(`catch-up sync of ${row.id} not requested`, error);
    });
  }
  return row;
}

/** An agreement row, inserted only if the change it comes with applied. */
function insertAgreementWhen(row: AgreementRow, applied: SQL): SQL {
  return sql`INSERT INTO agreements (id, connection_id, application_id, environment, type, agreement_url,
      accepted_at, accepted_by, location, ip_address, user_agent, created_at)
    SELECT ${row.id}, ${row.connectionId}, ${row.applicationId}, ${row.environment}, ${row.type}, ${row.agreementUrl},
      ${row.acceptedAt.getTime()}, ${row.acceptedBy === null ? null : JSON.stringify(row.acceptedBy)}, ${row.location},
      ${row.ipAddress}, ${row.userAgent}, ${row.createdAt.getTime()}
    WHERE ${applied}`;
}

function assertReconnectable(connection: Pick<ConnectionRow, "status">): void {
  if (connection.status === "deleting" || connection.status === "deleted") {
    throw new DomainError("connection_deleted", "The connection has been deleted.");
  }
  if (!(RECONNECTABLE as readonly string[]).includes(connection.status)) {
    throw new DomainError(
      "connection_disconnected",
      `The connection is ${connection.status.replace("_", " ")} and cannot be re-authenticated.`,
    );
  }
}
