import { createMiddleware } from "hono/factory";
import { authenticateApiKey } from "../../domain/api-keys/authenticate";
import type { AppEnv } from "../../env";
import { ApiError } from "../errors";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Authenticates the secret key of `Authorization: Bearer <key>`. The key must belong to the
 * environment of the base address it was sent to, and publishable keys are refused: they
 * only work in the hosted consent flow.
 */
export const requireSecretKey = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization");
  if (!header) {
    throw new ApiError("unauthorized", "Missing API key. Send `Authorization: Bearer <secret key>`.");
  }
  const presented = BEARER.exec(header)?.[1];
  const principal = presented ? await authenticateApiKey(c.var.db, presented) : undefined;
  if (!principal) throw new ApiError("unauthorized", "Invalid API key: it is unknown, malformed or revoked.");
  if (principal.environment !== c.var.environment) {
    throw new ApiError(
      "unauthorized",
      `This is a ${principal.environment} key; send it to the ${principal.environment} base address.`,
    );
  }
  if (principal.kind !== "secret") {
    throw new ApiError(
      "unauthorized",
      "Publishable keys only work in the hosted consent flow; server-side calls need a secret key.",
    );
  }
  c.set("principal", principal);
  await next();
});
