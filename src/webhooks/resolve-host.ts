/**
 * Checks, before each webhook delivery, where the endpoint's URL leads: the URL policy again (it
 * may have changed since the endpoint was saved), then every A and AAAA answer for its host,
 * asked of a DNS-over-HTTPS resolver (the JSON API of cloudflare-dns.com and dns.google). A
 * host that resolves to a private, loopback (unless allowed), link-local, metadata or reserved
 * address is refused, so a public-looking name cannot point the delivery inside.
 */
import type { Env } from "../env";
import { TtlCache } from "../lib/ttl-cache";
import { allowsLoopback, checkWebhookUrl, classifyAddress, hostOf } from "./url-policy";

/** The resolver asked when WEBHOOK_DNS_RESOLVER_URL is not set. */
export const DEFAULT_DNS_RESOLVER_URL = "https://cloudflare-dns.com/dns-query";

/** Answers are kept for their TTL, but never longer than this. */
const MAX_CACHE_SECONDS = 60;

/** A resolver has this long to answer one question. */
const DNS_TIMEOUT_MS = 5_000;

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
const DNS_STATUS_NAMES: Record<number, string> = { 1: "FORMERR", 2: "SERVFAIL", 4: "NOTIMP", 5: "REFUSED" };

export type DeliveryTargetResult = { ok: true } | { ok: false; reason: string };

type Lookup = { ok: true; addresses: string[]; ttlSeconds: number } | { ok: false; reason: string };

type DnsJson = { Status?: unknown; Answer?: { type?: unknown; TTL?: unknown; data?: unknown }[] };

// Module scope: the answers outlive a request, so deliveries in the same isolate within a
// record's TTL (at most a minute) ask once. Only plain data is kept, never a pending fetch.
const answers = new TtlCache<{ addresses: string[]; expiresAt: number }>({
  ttlMs: MAX_CACHE_SECONDS * 1000,
  maxEntries: 1000,
});

/** Asks the resolver one question; a failed or unusable answer is a refusal. */
async function query(resolver: string, host: string, type: keyof typeof RECORD_TYPES): Promise<Lookup> {
  const failed = (why: string): Lookup => ({
    ok: false,
    reason: `The DNS lookup of ${host} failed (${why}); the delivery was not sent.`,
  });
  const url = new URL(resolver);
  url.searchParams.set("name", host);
  url.searchParams.set("type", type);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(DNS_TIMEOUT_MS),
    });
  } catch {
    return failed("the resolver did not answer");
  }
  if (!response.ok) {
    await response.body?.cancel();
    return failed(`the resolver answered HTTP ${response.status}`);
  }
  const body = (await response.json().catch(() => undefined)) as DnsJson | undefined;
  if (typeof body?.Status !== "number") return failed("the resolver's answer is not DNS JSON");
  if (body.Status === 3) {
    return { ok: false, reason: `The endpoint's host ${host} does not exist (NXDOMAIN); the delivery was not sent.` };
  }
  if (body.Status !== 0) return failed(`DNS status ${DNS_STATUS_NAMES[body.Status] ?? body.Status}`);
  const records = Array.isArray(body.Answer) ? body.Answer : [];
  // CNAME entries are followed by the resolver: their targets' records are in the same Answer.
  const addresses = records
    .filter((record) => record?.type === RECORD_TYPES[type])
    .map((record) => String(record.data ?? ""));
  const ttls = records.map((record) => Number(record?.TTL)).filter((ttl) => Number.isFinite(ttl) && ttl >= 0);
  return { ok: true, addresses, ttlSeconds: Math.min(MAX_CACHE_SECONDS, ...ttls) };
}

/** The A and AAAA addresses of a host, from the cache or the resolver. */
async function resolve(resolver: string, host: string): Promise<Lookup> {
  const key = `${resolver} ${host}`;
  const now = Date.now();
  const cached = answers.get(key, now);
  if (cached && cached.expiresAt > now) return { ok: true, addresses: cached.addresses, ttlSeconds: 0 };
  const [v4, v6] = await Promise.all([query(resolver, host, "A"), query(resolver, host, "AAAA")]);
  if (!v4.ok) return v4;
  if (!v6.ok) return v6;
  const addresses = [...v4.addresses, ...v6.addresses];
  if (addresses.length === 0) {
    return { ok: false, reason: `The endpoint's host ${host} has no A or AAAA record; the delivery was not sent.` };
  }
  const ttlSeconds = Math.min(v4.ttlSeconds, v6.ttlSeconds);
  if (ttlSeconds > 0) answers.set(key, { addresses, expiresAt: now + ttlSeconds * 1000 }, now);
  return { ok: true, addresses, ttlSeconds };
}

/**
 * Whether a delivery may be sent to this URL now. Literal addresses are judged by the URL
 * policy alone, and so is `localhost` when loopback is allowed (local development and tests);
 * any other host is resolved, and every answer must be an address the policy allows. Loopback
 * answers pass only when loopback is allowed; private, link-local and metadata answers never do.
 * A resolver that fails or answers an error refuses too: the queue retries the delivery later.
 */
export async function checkDeliveryTarget(
  raw: string,
  env: Pick<Env, "ALLOW_LOOPBACK_WEBHOOKS" | "WEBHOOK_DNS_RESOLVER_URL">,
): Promise<DeliveryTargetResult> {
  const allowLoopback = allowsLoopback(env);
  const policy = checkWebhookUrl(raw, { allowLoopback });
  if (!policy.ok) return { ok: false, reason: `${policy.reason} The delivery was not sent.` };
  const host = hostOf(new URL(policy.url));
  if (classifyAddress(host) !== undefined) return { ok: true };
  if (allowLoopback && (host === "localhost" || host.endsWith(".localhost"))) return { ok: true };
  const lookup = await resolve(env.WEBHOOK_DNS_RESOLVER_URL || DEFAULT_DNS_RESOLVER_URL, host);
  if (!lookup.ok) return lookup;
  for (const address of lookup.addresses) {
    const kind = classifyAddress(address);
    if (kind === "public" || (kind === "loopback" && allowLoopback)) continue;
    return {
      ok: false,
      reason: `The endpoint's host ${host} resolves to ${address.slice(0, 64)}, which is not a public address (private, loopback, link-local or reserved); the delivery was not sent.`,
    };
  }
  return { ok: true };
}
