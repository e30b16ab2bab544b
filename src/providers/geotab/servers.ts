/**
 * Which MyGeotab server to talk to. Customers name their server (`my.geotab.com`,
 * `my1234.geotab.com`) and Authenticate may send the session elsewhere (server federation:
 * `path` is `ThisServer` or a host name). Both come from outside, so both are held to an
 * allow-list before any request carries the customer's password or session there: hosts under
 * geotab.com, or the configured GEOTAB_BASE_URL's own host (a fake in tests and `npm start`;
 * when that host is a loopback one, any loopback host, as the service's own base addresses do).
 * The scheme is always the configured one (https in production).
 */

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[::1\](?::\d{1,5})?$/i;

/** The origin (`https://my.geotab.com`) of the configured base URL. */
export function configuredOrigin(baseUrl: string): URL {
  const url = new URL(baseUrl);
  return new URL(url.origin);
}

/**
 * The origin of a server given as a host name (`my3.geotab.com`), a host and port, or a URL
 * (`https://my3.geotab.com/apiv1`); undefined when it is not an allowed MyGeotab server.
 */
export function resolveServer(value: string, configured: URL): string | undefined {
  const trimmed = value.trim().replace(/\/+$/, "");
  let url: URL;
  try {
    url = trimmed.includes("://") ? new URL(trimmed) : new URL(`${configured.protocol}//${trimmed}`);
  } catch {
    return undefined;
  }
  if (!trimmed.includes("://") && !HOST.test(trimmed)) return undefined;
  if (url.protocol !== configured.protocol || url.username || url.password || url.search || url.hash) return undefined;
  if (url.pathname !== "/" && url.pathname !== "/apiv1") return undefined;
  return isAllowedHost(url, configured) ? url.origin : undefined;
}

function isAllowedHost(url: URL, configured: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (host === "geotab.com" || host.endsWith(".geotab.com")) return url.port === "" || url.port === "443";
  if (url.host === configured.host) return true;
  return LOOPBACK_HOSTS.has(configured.hostname) && LOOPBACK_HOSTS.has(host);
}

/** The JSON-RPC endpoint of a server origin. */
export const endpointOf = (origin: string) => `${origin}/apiv1`;
