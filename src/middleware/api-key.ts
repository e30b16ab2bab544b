import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { authenticateMemberToken, isMemberToken } from "../domain/members/authenticate";
import type { AppEnv } from "../env";
import { ApiError, badRequest } from "../http/errors";
import { idPattern } from "../lib/ids";
import { authenticateKeyOfKind, bearerToken } from "./bearer";
import { grantedPrincipal } from "./principal-grant";

const APPLICATION_ID_HEADER = "{requestHeaders}.x-application-id";

/**
 * Authenticates the secret key of `Authorization: Bearer <key>`. The key must belong to the
 * environment of the base address it was sent to, and publishable keys are refused: they
 * only work in the hosted consent flow. A member's personal access token (`mpt_…`) is also
 * accepted; it works on application-scope routes only (requireConnection refuses it).
 */
export const requireSecretKey = createMiddleware<AppEnv>(async (c, next) => {
  // The dashboard's own requests, as the member its session authenticated (principal-grant.ts).
  const granted = grantedPrincipal(c.req.raw);
  if (granted && granted.environment === c.var.environment) {
    c.set("principal", granted);
    await next();
    return;
  }
  const header = c.req.header("authorization");
  if (!header) {
    throw new ApiError("unauthorized", "Missing API key. Send `Authorization: Bearer <secret key>`.");
  }
  const presented = bearerToken(header);
  if (presented && isMemberToken(presented)) {
    await authenticateMember(c, presented);
    await next();
    return;
  }
  const principal = await authenticateKeyOfKind(c, presented, "secret", {
    invalid: "Invalid API key: it is unknown, malformed or revoked.",
    otherKind: "Publishable keys only work in the hosted consent flow; server-side calls need a secret key.",
  });
  c.set("principal", principal);
  await next();
});

/**
 * A member's token: the application comes from `X-Application-Id` (optional when the member
 * belongs to one application only), the environment from the base address.
 */
async function authenticateMember(c: Context<AppEnv>, presented: string) {
  const found = await authenticateMemberToken(c.var.db, presented);
  if (!found) throw new ApiError("unauthorized", "Invalid personal access token: it is unknown, malformed or revoked.");
  const requested = c.req.header("x-application-id")?.trim();
  let membership = found.memberships.length === 1 && !requested ? found.memberships[0] : undefined;
  if (requested) {
    if (!idPattern("application").test(requested)) {
      throw badRequest(
        "The X-Application-Id header is not an application id.",
        APPLICATION_ID_HEADER,
        "Send the id of one of your applications, like `app_01J…`.",
      );
    }
    membership = found.memberships.find((row) => row.applicationId === requested);
    if (!membership) throw new ApiError("forbidden", "You are not a member of this application.");
  } else if (found.memberships.length === 0) {
    throw new ApiError("forbidden", "You are not a member of any application.");
  } else if (!membership) {
    throw badRequest(
      "Missing X-Application-Id header: you are a member of several applications.",
      APPLICATION_ID_HEADER,
      "Send `X-Application-Id: <application id>` to choose the application.",
    );
  }
  c.set("principal", {
    memberId: found.member.id,
    tokenId: found.tokenId,
    applicationId: membership.applicationId,
    environment: c.var.environment,
    kind: "member",
    role: membership.role,
  });
  c.set("member", found.member);
}
