import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

/**
 * Signed-in dashboard sessions (src/dashboard/): the session cookie's value is never stored, only
 * its hash. A member's session is bound to the personal access token it signed in with, so that
 * revoking the token ends it; an operator's session stands for the deployment's admin token.
 */
export const dashboardSessions = sqliteTable(
  "dashboard_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: text("member_id"),
    memberTokenId: text("member_token_id"),
    operator: integer("operator", { mode: "boolean" }).notNull(),
    /** An operator's session: a hash of the admin token it signed in with, so rotating that secret ends it. */
    adminTokenHash: text("admin_token_hash"),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    revokedAt: timestamp("revoked_at"),
  },
  // Sign-out everywhere and the expiry sweep find a member's or an old session without a scan.
  (table) => [
    index("dashboard_sessions_member_idx").on(table.memberId),
    index("dashboard_sessions_expires_idx").on(table.expiresAt),
  ],
);
export type DashboardSessionRow = typeof dashboardSessions.$inferSelect;
