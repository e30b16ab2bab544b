import type { Context } from "hono";
import type { MemberRole } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";

/**
 * Refuses the request unless its caller may act with `role`. API secret keys have admin
 * rights; a member needs that role (an admin may do everything). Called once at the top of a
 * handler, so each route states the role it needs.
 */
export function requireRole(c: Context<AppEnv>, role: MemberRole): void {
  const principal = c.var.principal;
  if (principal.kind === "secret") return;
  if (principal.kind === "member" && (principal.role === "admin" || principal.role === role)) return;
  throw new ApiError("forbidden", `This action needs the ${role} role.`);
}
