import { and, eq, lt } from "drizzle-orm";
import type { ServiceContext, Tenant } from "../../context";
import type { Database } from "../../db/client";
import {
  type AcceptedAgreement,
  type ConnectionRow,
  type LinkParams,
  type LinkSessionRow,
  type LinkSessionStatus,
  linkSessions,
} from "../../db/schema";
import { DomainError, invalidInput } from "../../errors";
import { ID_PREFIXES } from "../../lib/ids";
import { randomBase62 } from "../../lib/random";
import { ProviderError } from "../../providers/errors";
import { findProvider, providerCodes } from "../../providers/registry";
import type { CredentialsInput } from "../connections/oauth-grant";
import { emitLinkAnalytics, type LinkAnalyticsDetail } from "./analytics";
import { type CompletedLink, completeLink } from "./complete";

/** How long an end user has to get through the flow once it is open. */
export const LINK_SESSION_TTL_MS = 60 * 60 * 1000;

/** Expired sessions are kept this long (for support questions), then purged by the cron sweep. */
const EXPIRED_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;

export type OpenLinkSessionInput = {
  tenant: Tenant;
  params: LinkParams;
  /** Re-authenticate this connection (GET /connection/:id). */
  reconnect?: ConnectionRow;
  shortLinkId?: string;
  parentOrigin?: string;
};

/**
 * Opens one end user's pass through the flow. The id is 32 random base62 characters, not a
 * ULID: it is the only thing that lets a browser continue the session, so it must be unguessable.
 */
export async function openLinkSession(context: ServiceContext, input: OpenLinkSessionInput): Promise<LinkSessionRow> {
  const { tenant } = input;
  const preset = input.reconnect?.provider ?? input.params.provider;
  if (preset !== undefined && !input.reconnect) assertProviderAvailable(tenant, preset, "{requestQuery}.provider");
  const now = new Date();
  const row: LinkSessionRow = {
    id: ID_PREFIXES.linkSession + randomBase62(32),
    applicationId: tenant.applicationId,
    environment: tenant.environment,
    status: "open",
    params: input.params,
    connectionId: input.reconnect?.id ?? null,
    reconnect: input.reconnect !== undefined,
    shortLinkId: input.shortLinkId ?? null,
    parentOrigin: input.parentOrigin ?? null,
    provider: preset ?? null,
    agreement: null,
    oauthState: null,
    oauthForm: null,
    expiresAt: new Date(now.getTime() + LINK_SESSION_TTL_MS),
    createdAt: now,
    updatedAt: now,
  };
  await context.db.insert(linkSessions).values(row);
  await emitLinkAnalytics(context, tenant, "opened", analyticsDetail(row));
  return row;
}

/** A session that may still be used; expired and unknown sessions are not_found. */
export async function loadLinkSession(db: Database, id: string, now = new Date()): Promise<LinkSessionRow> {
  const [row] =
    id.startsWith(ID_PREFIXES.linkSession) && id.length < 100
      ? await db.select().from(linkSessions).where(eq(linkSessions.id, id)).limit(1)
      : [];
  if (!row || row.expiresAt <= now) {
    throw new DomainError("not_found", "This link has expired. Open it again from the application.");
  }
  return row;
}

/** The end user picked a provider (or went back to pick another): any earlier acceptance named the old one. */
export async function chooseProvider(
  context: ServiceContext,
  session: LinkSessionRow,
  provider: string | null,
): Promise<LinkSessionRow> {
  if (session.reconnect) throw new DomainError("invalid_input", "A reconnection keeps its provider.");
  if (provider !== null) assertProviderAvailable(tenantOf(session), provider, "{requestBody}.provider");
  const updated = await transition(context.db, session, "open", { provider, agreement: null });
  if (provider !== null) {
    await emitLinkAnalytics(context, tenantOf(session), "provider_selected", analyticsDetail(updated));
  }
  return updated;
}

/** Records the acceptance (time, address, browser, place) that becomes the connection's agreement record. */
export async function acceptAgreement(
  context: ServiceContext,
  session: LinkSessionRow,
  agreement: AcceptedAgreement,
): Promise<LinkSessionRow> {
  if (!session.provider) throw new DomainError("invalid_input", "Choose a provider first.");
  const updated = await transition(context.db, session, "open", { agreement });
  await emitLinkAnalytics(context, tenantOf(session), "agreement_accepted", analyticsDetail(updated));
  return updated;
}

/**
 * Verifies the credentials and completes the flow. The session is claimed first (open →
 * completing), so a second submit while the provider answers cannot create a second
 * connection; a rejection puts it back to open for another try.
 */
export async function submitCredentials(
  context: ServiceContext,
  session: LinkSessionRow,
  credentials: CredentialsInput,
): Promise<CompletedLink> {
  if (!session.provider || !session.agreement) {
    throw new DomainError("invalid_input", "Accept the agreement before connecting.");
  }
  const tenant = tenantOf(session);
  const claimed = await transition(context.db, session, "open", { status: "completing" });
  await emitLinkAnalytics(context, tenant, "credentials_submitted", analyticsDetail(claimed));
  try {
    const { redirectUrl: _redirect, provider: _provider, ...params } = session.params;
    const completed = await completeLink(context, tenant, {
      ...(session.reconnect && session.connectionId ? { connectionId: session.connectionId } : {}),
      provider: session.provider,
      credentials,
      agreements: [session.agreement],
      params,
    });
    const done = await transition(context.db, claimed, "completing", {
      status: "succeeded",
      connectionId: completed.connection.id,
    });
    await emitLinkAnalytics(context, tenant, "succeeded", analyticsDetail(done));
    return completed;
  } catch (error) {
    await transition(context.db, claimed, "completing", { status: "open" });
    if (error instanceof DomainError || error instanceof ProviderError) {
      await emitLinkAnalytics(context, tenant, "failed", {
        ...analyticsDetail(claimed),
        error: { code: error.kind, message: error.message },
      });
    }
    throw error;
  }
}

/** The end user gave up. */
export async function exitLinkSession(context: ServiceContext, session: LinkSessionRow): Promise<LinkSessionRow> {
  if (session.status === "exited") return session;
  const updated = await transition(context.db, session, "open", { status: "exited" });
  await emitLinkAnalytics(context, tenantOf(session), "exited", analyticsDetail(updated));
  return updated;
}

/** Deletes sessions expired for more than a day (cron). Answers how many. */
export async function purgeExpiredLinkSessions(db: Database, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(linkSessions)
    .where(lt(linkSessions.expiresAt, new Date(now - EXPIRED_SESSION_RETENTION_MS)))
    .returning({ id: linkSessions.id });
  return deleted.length;
}

/** A conditional update from an expected status: concurrent steps of one session cannot both apply. */
async function transition(
  db: Database,
  session: LinkSessionRow,
  from: LinkSessionStatus,
  patch: Partial<Pick<LinkSessionRow, "status" | "provider" | "agreement" | "connectionId">>,
): Promise<LinkSessionRow> {
  const [updated] = await db
    .update(linkSessions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(linkSessions.id, session.id), eq(linkSessions.status, from)))
    .returning();
  if (!updated) {
    throw new DomainError("conflict", "This step was already done in another window; reload the page.");
  }
  return updated;
}

function assertProviderAvailable(tenant: Tenant, code: string, path: string): void {
  if (findProvider(code)?.environments.includes(tenant.environment)) return;
  throw invalidInput(
    `Unknown provider \`${code}\` in the ${tenant.environment} environment.`,
    path,
    `Use one of: ${providerCodes(tenant.environment).join(", ")}.`,
  );
}

export function tenantOf(session: LinkSessionRow): Tenant {
  return { applicationId: session.applicationId, environment: session.environment };
}

function analyticsDetail(session: LinkSessionRow): LinkAnalyticsDetail {
  return {
    linkSessionId: session.id,
    reconnect: session.reconnect,
    ...(session.provider ? { provider: session.provider } : {}),
    ...(session.connectionId ? { connectionId: session.connectionId } : {}),
    ...(session.params.externalId ? { externalId: session.params.externalId } : {}),
    ...(session.shortLinkId ? { shortLinkId: session.shortLinkId } : {}),
  };
}
