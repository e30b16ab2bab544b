import { and, eq, inArray } from "drizzle-orm";
import { type AgreementRow, agreements, type ConnectionRow, connections } from "../../db/schema";
import { describeIssues } from "../../lib/describe-issues";
import { newId } from "../../lib/ids";
import { credentialsSchema } from "../../providers/credentials";
import { findProvider } from "../../providers/registry";
import { connectionSync } from "../../sync/client";
import type { ServiceContext } from "../context";
import { DomainError } from "../errors";
import { requestSync } from "../syncs/request";
import type { AgreementInput } from "./create";
import { sealCredentials } from "./token";
import { emitConnectionUpdate } from "./update";

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
  input: { credentials: Record<string, unknown>; agreements?: AgreementInput[] },
): Promise<ConnectionRow> {
  assertReconnectable(connection);
  const adapter = findProvider(connection.provider);
  if (!adapter) throw new Error(`provider ${connection.provider} of ${connection.id} is not registered`);
  const parsed = credentialsSchema(adapter).safeParse(input.credentials);
  if (!parsed.success) {
    throw new DomainError(
      "invalid_input",
      `The credentials do not match what the ${adapter.name} provider needs.`,
      describeIssues(parsed.error, "{requestBody}.credentials"),
    );
  }
  const credentials = Object.fromEntries(
    Object.entries(parsed.data).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const verified = await adapter.verify(credentials, { env });
  if (connection.sourceId && verified.sourceId && verified.sourceId !== connection.sourceId) {
    throw new DomainError(
      "invalid_credentials",
      `These credentials belong to another ${adapter.name} account than the one this connection was made with.`,
    );
  }

  const now = new Date();
  const agreementRows: AgreementRow[] = (input.agreements ?? []).map((agreement) => ({
    id: newId("agreement", now.getTime()),
    connectionId: connection.id,
    applicationId: connection.applicationId,
    environment: connection.environment,
    type: agreement.type ?? "end-user-agreement",
    agreementUrl: agreement.agreementUrl,
    acceptedAt: agreement.acceptedAt ? new Date(agreement.acceptedAt) : now,
    acceptedBy: verified.account.user ?? null,
    location: agreement.location ?? null,
    ipAddress: agreement.ipAddress ?? null,
    userAgent: agreement.userAgent ?? null,
    createdAt: now,
  }));
  // Conditional on the status, so that a deletion requested meanwhile wins; one batch, so the
  // new agreements exist only if the credentials were replaced.
  const [updated] = await db.batch([
    db
      .update(connections)
      .set({
        status: "connected",
        credentialsEncrypted: await sealCredentials(env, connection.id, credentials),
        updatedAt: now,
      })
      .where(
        and(
          eq(connections.id, connection.id),
          eq(connections.applicationId, connection.applicationId),
          eq(connections.environment, connection.environment),
          inArray(connections.status, [...RECONNECTABLE]),
        ),
      )
      .returning(),
    ...agreementRows.map((row) => db.insert(agreements).values(row)),
  ]);
  const row = updated[0];
  if (!row) {
    const [current] = await db.select().from(connections).where(eq(connections.id, connection.id)).limit(1);
    assertReconnectable(current ?? { status: "deleted" });
    throw new Error(`connection ${connection.id} changed concurrently`);
  }
  await emitConnectionUpdate({ db, env }, connection, row);
  if (connection.status === "disconnected") {
    // Back to connected: the schedule resumes, and a sync catches up on what was missed.
    await connectionSync(env, row.id).connectionChanged();
    await requestSync({ db, env }, row, {}).catch((error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
    });
  }
  return row;
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
