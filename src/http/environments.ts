import type { Environment } from "../db/schema";
import type { Env } from "../env";

/** The path every API route is registered under; other configured base paths are rewritten to it. */
export const API_PATH = "/tsp/v1";
/** Where the operator API is mounted, on every host the Worker serves. */
export const ADMIN_PATH = "/admin/v1";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

type BaseAddress = {
  environment: Environment;
  url: string;
  /** Host with port, or null for a loopback base, which matches any loopback host and port. */
  host: string | null;
  path: string;
};

// Parsing the configured URLs once per isolate keeps environment resolution to string checks.
let cached: { key: string; bases: BaseAddress[] } | undefined;

function baseAddresses(env: Pick<Env, "PRODUCTION_BASE_URL" | "SANDBOX_BASE_URL">): BaseAddress[] {
  const key = `${env.PRODUCTION_BASE_URL}|${env.SANDBOX_BASE_URL}`;
  if (cached?.key === key) return cached.bases;
  const bases = (
    [
      ["production", env.PRODUCTION_BASE_URL],
      ["sandbox", env.SANDBOX_BASE_URL],
    ] as const
  ).map(([environment, raw]): BaseAddress => {
    const url = new URL(raw);
    return {
      environment,
      url: raw.replace(/\/+$/, ""),
      host: LOOPBACK_HOSTS.has(url.hostname) ? null : url.host,
      path: url.pathname.replace(/\/+$/, ""),
    };
  });
  // Longest path first, so `/sandbox/tsp/v1` wins over a shorter base on the same host.
  bases.sort((a, b) => b.path.length - a.path.length);
  cached = { key, bases };
  return bases;
}

/** A request URL's host (with port), hostname and path, read with string operations (no URL object per request). */
export type UrlParts = { host: string; hostname: string; pathname: string };

/**
 * The parts of an absolute URL as a Request carries it (`scheme://host/path?query`), the path's
 * repeated slashes as one and without a trailing slash.
 */
export function urlParts(url: string): UrlParts {
  const hostStart = url.indexOf("//") + 2;
  let pathStart = url.indexOf("/", hostStart);
  if (pathStart < 0) pathStart = url.length;
  const host = url.slice(hostStart, pathStart);
  const end = url.search(/[?#]/);
  const rawPath = url.slice(pathStart, end < 0 || end < pathStart ? url.length : end) || "/";
  // Repeated slashes are one (a client whose base address ends with `/` sends `/tsp/v1//vehicles`),
  // and a trailing one is none: no route ends with a slash but the root.
  const collapsed = rawPath.includes("//") ? rawPath.replace(/\/{2,}/g, "/") : rawPath;
  const pathname = collapsed.length > 1 && collapsed.endsWith("/") ? collapsed.slice(0, -1) : collapsed;
  const hostname = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : (host.split(":")[0] as string);
  return { host, hostname, pathname };
}

/**
 * The environment a request addresses: the configured base address whose host and path
 * prefix the URL matches. A deployment uses two hostnames; locally both bases share the
 * loopback host and differ by path, so plain URLs reach both.
 */
export function matchBaseAddress(url: UrlParts, env: Pick<Env, "PRODUCTION_BASE_URL" | "SANDBOX_BASE_URL">) {
  for (const base of baseAddresses(env)) {
    const hostMatches = base.host === null ? LOOPBACK_HOSTS.has(url.hostname) : url.host === base.host;
    const pathMatches = url.pathname === base.path || url.pathname.startsWith(`${base.path}/`);
    if (hostMatches && pathMatches) return base;
  }
  return undefined;
}

/**
 * The MCP server's path at a base address: the base path with its `/tsp/v1` replaced by `/mcp`
 * (`/sandbox/tsp/v1` → `/sandbox/mcp`), or `/mcp` appended to a base path that has none.
 */
export function mcpPathOf(basePath: string): string {
  return basePath.endsWith(API_PATH) ? `${basePath.slice(0, -API_PATH.length)}/mcp` : `${basePath}/mcp`;
}

/** The environment whose MCP address a request came to (host as matchBaseAddress matches it, the exact MCP path), if any. */
export function matchMcpAddress(url: UrlParts, env: Pick<Env, "PRODUCTION_BASE_URL" | "SANDBOX_BASE_URL">) {
  for (const base of baseAddresses(env)) {
    const hostMatches = base.host === null ? LOOPBACK_HOSTS.has(url.hostname) : url.host === base.host;
    if (hostMatches && url.pathname === mcpPathOf(base.path)) return base;
  }
  return undefined;
}

/** The MCP address of an environment (for `npm start`'s banner, the README and the service index). */
export function mcpUrlOf(environment: Environment, env: Pick<Env, "PRODUCTION_BASE_URL" | "SANDBOX_BASE_URL">) {
  const base = new URL(baseUrlOf(environment, env));
  return `${base.origin}${mcpPathOf(base.pathname.replace(/\/+$/, ""))}`;
}

/** The configured base address of an environment (for the OpenAPI servers and messages). */
export function baseUrlOf(environment: Environment, env: Pick<Env, "PRODUCTION_BASE_URL" | "SANDBOX_BASE_URL">) {
  return (environment === "production" ? env.PRODUCTION_BASE_URL : env.SANDBOX_BASE_URL).replace(/\/+$/, "");
}

/**
 * Hono's getPath: the path the router sees. A request to any configured base address is
 * routed as `/tsp/v1/...`, so one set of routes serves both environments.
 */
export function routingPath(request: Request, options?: { env?: object }): string {
  const url = urlParts(request.url);
  const env = options?.env as Partial<Env> | undefined;
  const base =
    env?.PRODUCTION_BASE_URL && env.SANDBOX_BASE_URL
      ? matchBaseAddress(url, { PRODUCTION_BASE_URL: env.PRODUCTION_BASE_URL, SANDBOX_BASE_URL: env.SANDBOX_BASE_URL })
      : undefined;
  if (!base || base.path === API_PATH) return url.pathname;
  return API_PATH + url.pathname.slice(base.path.length);
}
