/**
 * A fake DNS-over-HTTPS resolver (a real HTTP server on loopback) answering the JSON API of
 * cloudflare-dns.com and dns.google: `GET /dns-query?name=<host>&type=A|AAAA` with
 * `accept: application/dns-json` answers `{ Status, Answer: [{ name, type, TTL, data }] }` from
 * the table below. Names not in it are NXDOMAIN (Status 3), so the hostnames other tests use
 * (example.com, …) stay unresolvable. `GET /_control/queries?name=<host>` answers how many
 * questions were asked about a name (the cache tests).
 */
import { json, type RunningServer, startFakeServer } from "./http-server.ts";

type DnsRecord = { type: "A" | "AAAA" | "CNAME"; data: string; ttl?: number };
type Entry = { status?: number; httpStatus?: number; records?: DnsRecord[] };

const TYPE_NUMBERS = { A: 1, AAAA: 28, CNAME: 5 } as const;

/** What each name resolves to. */
export const DOH_TABLE: Record<string, Entry> = {
  "public.example.test": {
    records: [
      { type: "A", data: "93.184.216.34", ttl: 300 },
      { type: "AAAA", data: "2606:2800:220:1:248:1893:25c8:1946", ttl: 300 },
    ],
  },
  "alias.example.test": {
    records: [
      { type: "CNAME", data: "public.example.test." },
      { type: "A", data: "93.184.216.34" },
    ],
  },
  "alias-private.example.test": {
    records: [
      { type: "CNAME", data: "db.corp.example.test." },
      { type: "A", data: "10.1.2.3" },
    ],
  },
  "rebind.example.test": { records: [{ type: "A", data: "127.0.0.1" }] },
  // The end-to-end delivery test's own name (test/webhooks/delivery-target.test.ts).
  "e2e-private.example.test": { records: [{ type: "A", data: "10.20.30.40" }] },
  "private.example.test": { records: [{ type: "A", data: "10.0.0.1" }] },
  "meta.example.test": { records: [{ type: "A", data: "169.254.169.254" }] },
  "mixed.example.test": {
    records: [
      { type: "A", data: "93.184.216.34" },
      { type: "A", data: "192.168.1.10" },
    ],
  },
  "mapped.example.test": {
    records: [
      { type: "A", data: "93.184.216.34" },
      { type: "AAAA", data: "::ffff:10.0.0.1" },
    ],
  },
  "nat64.example.test": { records: [{ type: "AAAA", data: "64:ff9b::a9fe:a9fe" }] },
  "nat64-public.example.test": { records: [{ type: "AAAA", data: "64:ff9b::808:808" }] },
  "teredo.example.test": { records: [{ type: "AAAA", data: "2001:0:808:808::80ff:fffe" }] },
  "loopback6.example.test": { records: [{ type: "AAAA", data: "::1" }] },
  "empty.example.test": { records: [] },
  "garbage.example.test": { records: [{ type: "A", data: "not-an-address" }] },
  "servfail.example.test": { status: 2 },
  "broken.example.test": { httpStatus: 502 },
  "notjson.example.test": { httpStatus: 200 },
  "cached.example.test": { records: [{ type: "A", data: "93.184.216.34", ttl: 3600 }] },
  "uncached.example.test": { records: [{ type: "A", data: "93.184.216.34", ttl: 0 }] },
};

export function createDoh(table: Record<string, Entry> = DOH_TABLE) {
  const queries = new Map<string, number>();
  return {
    fetch(request: Request): Response {
      const url = new URL(request.url);
      const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
      if (url.pathname === "/_control/queries") return json({ name, queries: queries.get(name) ?? 0 });
      if (url.pathname !== "/dns-query" || request.method !== "GET") return json({ error: "not found" }, 404);
      // Like cloudflare-dns.com: the JSON API only for clients that ask for it.
      if (request.headers.get("accept") !== "application/dns-json") return json({ error: "accept" }, 415);
      const type = url.searchParams.get("type") ?? "A";
      if (!name || (type !== "A" && type !== "AAAA")) return json({ error: "bad question" }, 400);
      queries.set(name, (queries.get(name) ?? 0) + 1);
      const entry = table[name];
      if (entry?.httpStatus === 200) return new Response("<html>captive portal</html>", { status: 200 });
      if (entry?.httpStatus) return json({ error: "resolver failure" }, entry.httpStatus);
      const status = entry ? (entry.status ?? 0) : 3;
      const records = (entry?.records ?? []).filter((record) => record.type === type || record.type === "CNAME");
      const answer = records.map((record) => ({
        name: `${name}.`,
        type: TYPE_NUMBERS[record.type],
        TTL: record.ttl ?? 30,
        data: record.data,
      }));
      return json(
        {
          Status: status,
          TC: false,
          RD: true,
          RA: true,
          AD: false,
          CD: false,
          Question: [{ name: `${name}.`, type: TYPE_NUMBERS[type] }],
          ...(status === 0 && answer.length > 0 ? { Answer: answer } : {}),
        },
        200,
        { "content-type": "application/dns-json" },
      );
    },
  };
}

/** Starts the fake resolver; its `url` is the resolver's address (`…/dns-query`). */
export async function startDoh(port = 0): Promise<RunningServer> {
  const doh = createDoh();
  const server = await startFakeServer((request) => doh.fetch(request), port);
  return { url: `${server.url}/dns-query`, close: server.close };
}
