import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenant, timestamp, timestamps } from "./columns";
import type { Backfill, SyncMode } from "./connections";

/** What an application may preset in the hosted flow (query parameters, or a short link's body). */
export type LinkParams = {
  /** Company name of the new connection. */
  name?: string;
  /** Provider to go straight to (skips the picker). */
  provider?: string;
  externalId?: string;
  tags?: string[];
  syncMode?: SyncMode;
  backfill?: Backfill;
  /** Where the browser goes at the end in redirect (non-embedded) mode. */
  redirectUrl?: string;
  /** Provider codes the picker lists first, in this order (short links). */
  providerHints?: string[];
  /**
   * The reference's Link template id (`ltp_…`), kept as sent: this service has one flow
   * template, so it changes nothing shown (short links accept it for compatibility).
   */
  template?: string;
};

/** The agreement the end user accepted in the flow, before a connection exists to hold it. */
export type AcceptedAgreement = {
  type: string;
  agreementUrl: string;
  acceptedAt: string;
  ipAddress?: string;
  userAgent?: string;
  location?: string;
};

/** `completing` while the provider verifies the credentials, so that a double submit cannot make two connections. */
export const LINK_SESSION_STATUSES = ["open", "completing", "succeeded", "exited"] as const;
export type LinkSessionStatus = (typeof LINK_SESSION_STATUSES)[number];

/**
 * A short link: a short code that opens the hosted flow with preset parameters. `bodyHash`
 * makes creation idempotent: the same body again, while the link is live, answers the same link.
 */
export const linkShortLinks = sqliteTable(
  "link_short_links",
  {
    id: text("id").primaryKey(),
    ...tenant,
    code: text("code").notNull(),
    bodyHash: text("body_hash").notNull(),
    params: text("params", { mode: "json" }).$type<LinkParams>().notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    deletedAt: timestamp("deleted_at"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("link_short_links_code_unique").on(table.code),
    // One live link per body: concurrent identical creations collapse onto one row.
    uniqueIndex("link_short_links_body_unique")
      .on(table.applicationId, table.environment, table.bodyHash)
      .where(sql`deleted_at IS NULL`),
    index("link_short_links_tenant_idx").on(table.applicationId, table.environment, table.id),
  ],
);
export type LinkShortLinkRow = typeof linkShortLinks.$inferSelect;

/**
 * One end user's pass through the hosted flow. Its id is a random capability carried in the
 * flow's URLs (the flow runs in third-party iframes, where cookies are unreliable), and it
 * expires an hour after opening.
 */
export const linkSessions = sqliteTable(
  "link_sessions",
  {
    id: text("id").primaryKey(),
    ...tenant,
    status: text("status", { enum: LINK_SESSION_STATUSES }).notNull(),
    params: text("params", { mode: "json" }).$type<LinkParams>().notNull(),
    /** Reconnect: the connection being re-authenticated. New connection: the one created at the end. */
    connectionId: text("connection_id"),
    reconnect: integer("reconnect", { mode: "boolean" }).notNull(),
    shortLinkId: text("short_link_id"),
    /** Origin of the page embedding the flow (from the first request's Referer), target of postMessage. */
    parentOrigin: text("parent_origin"),
    provider: text("provider"),
    agreement: text("agreement", { mode: "json" }).$type<AcceptedAgreement>(),
    /**
     * The provider's OAuth consent under way: the `state` the provider sends back (random and
     * unguessable, it finds the session on the callback), and the form values asked before consent.
     */
    oauthState: text("oauth_state"),
    oauthForm: text("oauth_form", { mode: "json" }).$type<Record<string, string>>(),
    expiresAt: timestamp("expires_at").notNull(),
    ...timestamps,
  },
  (table) => [
    index("link_sessions_expires_idx").on(table.expiresAt),
    uniqueIndex("link_sessions_oauth_state_idx").on(table.oauthState),
  ],
);
export type LinkSessionRow = typeof linkSessions.$inferSelect;
