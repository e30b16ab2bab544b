import type { Principal } from "../domain/api-keys/authenticate";

/**
 * Callers the dashboard authenticated with its session, for the API requests it makes in process
 * (api/in-process-call.ts): a signed-in member's pages and actions go through the REST routes as
 * that member, without the dashboard ever holding their token. Keyed by the Request object itself,
 * which only code in this isolate holds: nothing a client sends can put a request here.
 */
const grants = new WeakMap<Request, Principal>();

export function grantPrincipal(request: Request, principal: Principal): void {
  grants.set(request, principal);
}

export function grantedPrincipal(request: Request): Principal | undefined {
  return grants.get(request);
}
