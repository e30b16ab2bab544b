import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { timingSafeEqualStrings } from "../lib/crypto";
import { bearerToken } from "../middleware/bearer";

/** The operator API is authorized by `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export const requireAdminToken = createMiddleware<AppEnv>(async (c, next) => {
  const presented = bearerToken(c.req.header("authorization"));
  const expected = c.env.ADMIN_TOKEN;
  if (!expected || expected.length < 16) {
    // Misconfiguration: refuse everything rather than accept a short or empty token.
    console.error(JSON.stringify({ level: "error", message: "ADMIN_TOKEN is missing or shorter than 16 characters" }));
    throw new ApiError("unauthorized", "The operator API is not configured.");
  }
  if (!presented || !timingSafeEqualStrings(presented, expected)) {
    throw new ApiError(
      "unauthorized",
      "Missing or invalid operator token. Send `Authorization: Bearer <ADMIN_TOKEN>`.",
    );
  }
  await next();
});
