import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { authenticateKeyOfKind, bearerToken } from "./bearer";

/**
 * Authenticates the publishable key of the few routes a browser calls (the hosted flow's
 * completion). Secret keys are refused here: they belong on servers, which have POST /connections.
 */
export const requirePublishableKey = createMiddleware<AppEnv>(async (c, next) => {
  const presented = bearerToken(c.req.header("authorization"));
  if (!presented) {
    throw new ApiError("unauthorized", "Missing publishable key. Send `Authorization: Bearer <publishable key>`.");
  }
  const principal = await authenticateKeyOfKind(c, presented, "publishable", {
    invalid: "Invalid publishable key: it is unknown, malformed or revoked.",
    otherKind:
      "This route takes a publishable key (it is called from browsers); servers create connections with POST /connections.",
  });
  c.set("principal", principal);
  await next();
});
