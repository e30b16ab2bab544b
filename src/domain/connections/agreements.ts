import type { AgreementRow, ConnectionRow, ProviderUser } from "../../db/schema";
import { newId } from "../../lib/ids";

/** An agreement accepted with a connection, as its creation or re-authentication takes it. */
export type AgreementInput = {
  agreementUrl: string;
  type?: string;
  ipAddress?: string;
  acceptedAt?: string;
  userAgent?: string;
  location?: string;
};

/**
 * The rows of the agreements accepted with a connection (contract 2.2): `type` defaults to
 * `end-user-agreement` and `acceptedAt` to now; they were accepted by the provider user the
 * verified credentials belong to.
 */
export function agreementRows(
  connection: Pick<ConnectionRow, "id" | "applicationId" | "environment">,
  agreements: AgreementInput[] | undefined,
  acceptedBy: ProviderUser | undefined,
  now: Date,
): AgreementRow[] {
  return (agreements ?? []).map((agreement) => ({
    id: newId("agreement", now.getTime()),
    connectionId: connection.id,
    applicationId: connection.applicationId,
    environment: connection.environment,
    type: agreement.type ?? "end-user-agreement",
    agreementUrl: agreement.agreementUrl,
    acceptedAt: agreement.acceptedAt ? new Date(agreement.acceptedAt) : now,
    acceptedBy: acceptedBy ?? null,
    location: agreement.location ?? null,
    ipAddress: agreement.ipAddress ?? null,
    userAgent: agreement.userAgent ?? null,
    createdAt: now,
  }));
}
