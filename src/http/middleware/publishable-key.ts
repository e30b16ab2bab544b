import { createMiddleware } from "hono/factory";
import { authenticateApiKey } from "../../domain/api-keys/authenticate";
import type { AppEnv } from "../../env";
import { ApiError } from "../errors";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Authenticates the publishable key of the few routes a browser calls (the hosted flow's
 * completion). Secret keys are refused here: they belong on servers, which have POST /connections.
 */
export const requirePublishableKey = createMiddleware<AppEnv>(async (c, next) => {
  const presented = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  if (!presented) {
    throw new ApiError("unauthorized", "Missing publishable key. Send `Authorization: Bearer <publishable key>`.");
  }
  const principal = await authenticateApiKey(c.var.db, presented);
  if (!principal) throw new ApiError("unauthorized", "Invalid publishable key: it is unknown, malformed or revoked.");
  if (principal.environment !== c.var.environment) {
    throw new ApiError(
      "unauthorized",
      `This is a ${principal.environment} key; send it to the ${principal.environment} base address.`,
    );
  }
  if (principal.kind !== "publishable") {
    throw new ApiError(
      "unauthorized",
      "This route takes a publishable key (it is called from browsers); servers create connections with POST /connections.",
    );
  }
  c.set("principal", principal);
  await next();
});
