import { and, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { type ConnectionRow, connections } from "../../db/schema";
import { DomainError } from "../../errors";
import { generateConnectionToken, sealConnectionToken } from "../../lib/connection-secrets";
import { connectionEventDetail } from "../../webhooks/details";
import { commitConnectionChange } from "./commit-change";

/** Statuses whose token may be rotated: any connection that still exists and answers. */
const ROTATABLE = ["connected", "disconnected", "archived", "pending_deletion"] as const;

/**
 * Replaces a connection's token. The old token stops working at once (there is no overlap:
 * an application rotates because a token may have leaked, and an overlap would keep the leak
 * open). The write is conditional on the old token, so of two concurrent rotations one wins
 * and the other is a conflict instead of silently handing out a token that no longer works.
 * Announced by `connection.updated` with `change: "token_rotated"` (the token itself is never in events).
 */
export async function rotateConnectionToken(
  { db, env }: ServiceContext,
  connection: ConnectionRow,
): Promise<ConnectionRow> {
  const token = generateConnectionToken();
  const rotated = await commitConnectionChange({ db, env }, connection, {
    patch: {
      ...(await sealConnectionToken(env, connection.id, token)),
      tokenRotatedAt: new Date(),
      updatedAt: new Date(),
    },
    condition: and(eq(connections.tokenHash, connection.tokenHash), inArray(connections.status, [...ROTATABLE])),
    events: async (after) => [
      {
        type: "connection.updated",
        detail: { ...(await connectionEventDetail(env, after)), change: "token_rotated" },
        connectionId: after.id,
      },
    ],
  });
  if (!rotated) {
    throw new DomainError(
      "conflict",
      "The token was rotated or the connection changed meanwhile; use the current token.",
    );
  }
  return rotated;
}
