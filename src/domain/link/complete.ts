import type { ServiceContext, Tenant } from "../../context";
import type { ConnectionRow, LinkParams } from "../../db/schema";
import { DomainError } from "../../errors";
import { connectionEventDetail } from "../../webhooks/details";
import type { EventInput } from "../../webhooks/outbox";
import type { AgreementInput } from "../connections/agreements";
import { createConnection } from "../connections/create";
import { getConnectionById } from "../connections/get-by-id";
import type { CredentialsInput } from "../connections/oauth-grant";
import { reconnectConnection } from "../connections/reconnect";
import { type PublicTokenWrite, publicTokenWrite } from "../public-tokens/mint";

export type CompleteLinkInput = {
  /** Re-authenticate this connection instead of creating one. */
  connectionId?: string;
  provider: string;
  credentials: CredentialsInput;
  /** The end user's acceptance; a flow without it does not complete. */
  agreements: AgreementInput[];
  params?: Omit<LinkParams, "redirectUrl" | "provider">;
};

export type CompletedLink = { connection: ConnectionRow; publicToken: string; expiresAt: Date };

/**
 * The end of the hosted flow, shared by its pages and POST /link/complete: the provider
 * verifies the credentials, the connection is created (or re-authenticated, keeping its token)
 * with the accepted agreements, and a one-time public token is minted for the application to
 * exchange with its secret key. The caller only ever gets the public token, which reads nothing.
 */
export async function completeLink(
  context: ServiceContext,
  tenant: Tenant,
  input: CompleteLinkInput,
): Promise<CompletedLink> {
  if (input.agreements.length === 0) {
    throw new DomainError("invalid_input", "The end user has not accepted the agreement.", [
      { message: "At least one accepted agreement is needed.", path: "{requestBody}.agreements" },
    ]);
  }
  // The public token and `connection.completed` are written with the connection (or its
  // re-authentication): a flow either completes whole or leaves nothing to retry over.
  let minted: PublicTokenWrite | undefined;
  const completed = async (row: ConnectionRow): Promise<EventInput[]> => [
    { type: "connection.completed", detail: await connectionEventDetail(context.env, row), connectionId: row.id },
  ];
  let connection: ConnectionRow;
  if (input.connectionId) {
    const existing = await findTenantConnection(context, tenant, input.connectionId);
    if (existing.provider !== input.provider) {
      throw new DomainError("invalid_input", "The connection belongs to another provider.", [
        {
          message: `The connection is a ${existing.provider} connection.`,
          path: "{requestBody}.provider",
          suggestion: `Send \`${existing.provider}\`.`,
        },
      ]);
    }
    const token = await publicTokenWrite(context.env, existing);
    minted = token;
    connection = await reconnectConnection(
      context,
      existing,
      { credentials: input.credentials, agreements: input.agreements },
      { statements: (applied) => [token.statement(applied)], events: completed },
    );
  } else {
    const params = input.params ?? {};
    ({ connection } = await createConnection(
      context,
      tenant,
      {
        provider: input.provider,
        credentials: input.credentials,
        agreements: input.agreements,
        ...(params.name === undefined ? {} : { company: { name: params.name } }),
        ...(params.externalId === undefined ? {} : { externalId: params.externalId }),
        ...(params.tags === undefined ? {} : { tags: params.tags }),
        ...(params.syncMode === undefined ? {} : { syncMode: params.syncMode }),
        ...(params.backfill === undefined ? {} : { backfill: params.backfill }),
      },
      async (row) => {
        minted = await publicTokenWrite(context.env, row);
        return { statements: [minted.statement()], events: await completed(row) };
      },
    ));
  }
  if (!minted) throw new Error("the flow's public token was not minted");
  return { connection, publicToken: minted.publicToken, expiresAt: minted.expiresAt };
}

/** A connection of the tenant, or not_found (another tenant's connection is not revealed). */
export async function findTenantConnection(
  { db }: ServiceContext,
  tenant: Tenant,
  connectionId: string,
): Promise<ConnectionRow> {
  const row = await getConnectionById(db, tenant, connectionId);
  if (!row) throw new DomainError("not_found", "No connection with this id.");
  return row;
}
