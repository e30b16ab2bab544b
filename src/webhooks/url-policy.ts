/**
 * Guards webhook URLs against server-side request forgery: https only, and no host that names
 * a private, loopback, link-local or metadata address. `allowLoopback` (ALLOW_LOOPBACK_WEBHOOKS,
 * local development and tests only) also allows http:// and loopback hosts.
 */
export type UrlPolicyResult = { ok: true; url: string } | { ok: false; reason: string };

const BLOCKED_SUFFIXES = [".local", ".internal", ".localhost"];
const METADATA_HOSTS = new Set(["metadata", "metadata.google.internal", "instance-data"]);

function parseIpv4(host: string): number[] | undefined {
  const parts = host.split(".");
  if (parts.length !== 4) return undefined;
  const octets = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return octets.every((octet) => octet >= 0 && octet <= 255) ? octets : undefined;
}

function isLoopbackIpv4([a]: number[]): boolean {
  return a === 127;
}

/** Private, loopback, link-local (metadata), shared, reserved, multicast and broadcast ranges. */
function isBlockedIpv4(octets: number[]): boolean {
  const [a = 0, b = 0] = octets;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** Expands an IPv6 literal (without brackets) to eight 16-bit groups; undefined if not one. */
function parseIpv6(host: string): number[] | undefined {
  if (!host.includes(":")) return undefined;
  let text = host.split("%")[0] ?? "";
  const tail: number[] = [];
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = parseIpv4(dotted[2] ?? "");
    if (!v4) return undefined;
    tail.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    const prefix = dotted[1] ?? "";
    text = prefix.endsWith("::") ? prefix : prefix.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const head = parse(halves[0] ?? "");
  const rest = halves.length === 2 ? parse(halves[1] ?? "") : [];
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 && known !== 8) return undefined;
  if (known > 8) return undefined;
  const groups = [...head, ...new Array(halves.length === 2 ? 8 - known : 0).fill(0), ...rest, ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

function isLoopbackIpv6(groups: number[]): boolean {
  return groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1;
}

function isBlockedIpv6(groups: number[]): boolean {
  const first = groups[0] ?? 0;
  if (groups.every((group) => group === 0)) return true; // ::
  if (isLoopbackIpv6(groups)) return true; // ::1
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible addresses: judge the embedded IPv4 address.
  const mapped = groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || groups[5] === 0);
  if (mapped) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return isBlockedIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return false;
}

function isLoopbackHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const v4 = parseIpv4(host);
  if (v4) return isLoopbackIpv4(v4);
  const v6 = parseIpv6(host);
  return v6 ? isLoopbackIpv6(v6) : false;
}

/** Checks a webhook URL; the reason of a refusal is fit for an error message. */
export function checkWebhookUrl(raw: string, options: { allowLoopback: boolean }): UrlPolicyResult {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "The URL is not a valid absolute URL." };
  }
  if (url.username || url.password) return { ok: false, reason: "The URL must not contain credentials." };
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  const loopback = isLoopbackHost(host);
  if (options.allowLoopback && loopback) {
    if (url.protocol === "https:" || url.protocol === "http:") return { ok: true, url: url.toString() };
    return { ok: false, reason: "The URL must use https (or http for loopback during development)." };
  }
  if (url.protocol !== "https:" && !(options.allowLoopback && url.protocol === "http:")) {
    return { ok: false, reason: "The URL must use https." };
  }
  if (host === "localhost" || BLOCKED_SUFFIXES.some((suffix) => host.endsWith(suffix)) || METADATA_HOSTS.has(host)) {
    return { ok: false, reason: "The URL's host is a local or internal name." };
  }
  if (!host.includes(".") && !host.includes(":")) {
    return { ok: false, reason: "The URL's host must be a public, fully qualified domain name." };
  }
  const v4 = parseIpv4(host);
  if (v4 && isBlockedIpv4(v4)) return { ok: false, reason: "The URL's host is a private or reserved address." };
  // Numeric hosts in other notations (a single integer, hex octets) resolve to addresses too.
  if (!v4 && /^[0-9.]+$/.test(host)) return { ok: false, reason: "The URL's host is not a valid address." };
  if (/^0x[0-9a-f.]+$/.test(host)) return { ok: false, reason: "The URL's host is not a valid address." };
  const v6 = parseIpv6(host);
  if (host.includes(":") && !v6) return { ok: false, reason: "The URL's host is not a valid address." };
  if (v6 && isBlockedIpv6(v6)) return { ok: false, reason: "The URL's host is a private or reserved address." };
  return { ok: true, url: url.toString() };
}

/** Whether the environment allows loopback webhooks (ALLOW_LOOPBACK_WEBHOOKS = "true"). */
export function allowsLoopback(env: { ALLOW_LOOPBACK_WEBHOOKS?: string }): boolean {
  return env.ALLOW_LOOPBACK_WEBHOOKS === "true";
}
