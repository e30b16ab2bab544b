import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

export const MEMBER_ROLES = ["admin", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A person who works on applications through the application-scope endpoints, with a personal token. */
export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [uniqueIndex("members_email_unique").on(table.email)],
);
export type MemberRow = typeof members.$inferSelect;

/** A member's role in one application. */
export const memberships = sqliteTable(
  "memberships",
  {
    memberId: text("member_id").notNull(),
    applicationId: text("application_id").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.applicationId] }),
    index("memberships_application_idx").on(table.applicationId),
  ],
);
export type MembershipRow = typeof memberships.$inferSelect;

/** Personal access tokens of members, stored only as hashes. */
export const memberTokens = sqliteTable(
  "member_tokens",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    hint: text("hint").notNull(),
    createdAt: timestamp("created_at").notNull(),
    revokedAt: timestamp("revoked_at"),
  },
  (table) => [
    uniqueIndex("member_tokens_hash_unique").on(table.tokenHash),
    index("member_tokens_member_idx").on(table.memberId),
  ],
);
export type MemberTokenRow = typeof memberTokens.$inferSelect;
