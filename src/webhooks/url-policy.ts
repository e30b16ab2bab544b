/**
 * Guards webhook URLs against server-side request forgery: https only, and no host that names
 * a private, loopback, link-local or metadata address. `allowLoopback` (ALLOW_LOOPBACK_WEBHOOKS,
 * local development and tests only) also allows http:// and loopback hosts. Before each delivery,
 * src/webhooks/resolve-host.ts judges what the host resolves to by the same rules.
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
  // Each group is 1-4 hex digits (parseInt alone would read "7fzz" as 0x7f).
  const parse = (part: string) =>
    part === ""
      ? []
      : part.split(":").map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? Number.parseInt(group, 16) : Number.NaN));
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

/**
 * The IPv4 addresses an IPv6 address carries, which is where a packet sent to it ends up:
 * IPv4-compatible `::a.b.c.d`, IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16` (groups 1-2) and Teredo `2001::/32` (the server in
 * groups 2-3, the client in the last 32 bits, inverted). Undefined when it carries none.
 */
function embeddedIpv4(groups: number[]): number[][] | undefined {
  const group = (index: number) => groups[index] ?? 0;
  const zero = (from: number, to: number) => groups.slice(from, to).every((value) => value === 0);
  const v4 = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];
  if (zero(0, 5) && (group(5) === 0 || group(5) === 0xffff)) return [v4(group(6), group(7))];
  if (zero(0, 4) && group(4) === 0xffff && group(5) === 0) return [v4(group(6), group(7))];
  if (group(0) === 0x64 && group(1) === 0xff9b && zero(2, 6)) return [v4(group(6), group(7))];
  if (group(0) === 0x2002) return [v4(group(1), group(2))];
  if (group(0) === 0x2001 && group(1) === 0) {
    return [v4(group(2), group(3)), v4(group(6) ^ 0xffff, group(7) ^ 0xffff)];
  }
  return undefined;
}

function isBlockedIpv6(groups: number[]): boolean {
  const [first = 0, second = 0, third = 0] = groups;
  if (groups.every((group) => group === 0)) return true; // ::
  if (isLoopbackIpv6(groups)) return true; // ::1
  // An address that carries an IPv4 address is judged by that address, whatever its spelling.
  const embedded = embeddedIpv4(groups);
  if (embedded) return embedded.some(isBlockedIpv4);
  // Only global unicast (2000::/3) reaches the internet. This refuses the rest of ::/8 (the
  // local-use NAT64 prefix 64:ff9b:1::/48 included: where it carries the IPv4 address depends on
  // the operator's prefix length, and it is never globally routed), discard 100::/64, unique
  // local fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8 and unassigned space.
  if ((first & 0xe000) !== 0x2000) return true;
  if (first === 0x2001 && second === 0x0db8) return true; // 2001:db8::/32 documentation
  if (first === 0x3fff && second < 0x1000) return true; // 3fff::/20 documentation
  if (first === 0x2001 && second === 0x0002 && third === 0) return true; // 2001:2::/48 benchmarking
  if (first === 0x2001 && ((second & 0xfff0) === 0x0010 || (second & 0xfff0) === 0x0020)) return true; // ORCHID(v2)
  return false;
}

function isLoopbackHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const v4 = parseIpv4(host);
  if (v4) return isLoopbackIpv4(v4);
  const v6 = parseIpv6(host);
  return v6 ? isLoopbackIpv6(v6) : false;
}

/** How an address is judged: loopback is allowed only with `allowLoopback`, blocked never. */
export type AddressKind = "public" | "loopback" | "blocked";

/**
 * Judges an IPv4 or IPv6 address (without brackets), such as a DNS answer, by the same rules as
 * a URL's host, embedded IPv4 forms included. Undefined when the text is not an address.
 */
export function classifyAddress(address: string): AddressKind | undefined {
  const v4 = parseIpv4(address);
  if (v4) return isLoopbackIpv4(v4) ? "loopback" : isBlockedIpv4(v4) ? "blocked" : "public";
  const v6 = parseIpv6(address);
  if (v6) return isLoopbackIpv6(v6) ? "loopback" : isBlockedIpv6(v6) ? "blocked" : "public";
  return undefined;
}

/** A URL's host as the policy judges it: lowercase, without IPv6 brackets or a trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
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
  const host = hostOf(url);
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
