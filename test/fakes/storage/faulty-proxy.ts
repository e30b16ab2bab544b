/**
 * A fault-injecting HTTP proxy in front of s3rver, for the tests of interrupted deliveries
 * (test/destinations/delivery-resume.test.ts): every request is forwarded to the S3 server as it
 * came (method, path, headers, body) and its answer sent back as the server gave it, unless a
 * fault armed for the request's bucket applies. Faults are keyed by bucket, so that test files
 * running side by side, each with a bucket of its own, never see each other's.
 *
 * Control, on the proxy itself (no S3 bucket name can be `__faults`):
 * - `POST /__faults/<bucket>` `{ rules: FaultRule[] }` arms rules (added to those already armed);
 * - `GET /__faults/<bucket>` answers `{ log, injected }`: every request of the bucket through the
 *   proxy (method, key, and the status forwarded or the fault injected), and the faults injected;
 * - `DELETE /__faults/<bucket>` releases: removes the rules armed without `times` (a rule with a
 *   count runs until spent), and answers the requests held so far with a 503 SlowDown (the retry
 *   that follows goes through, unless another rule still applies).
 * Runs in Node as it is (erasable TypeScript only), in the fakes' process (test/fakes/serve.ts).
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { StorageServer } from "./servers.ts";

/**
 * What a rule does to a request it matches:
 * - `fail`: answers `status` (500 by default) with S3's error document, nothing forwarded;
 * - `fail-after-write`: forwards the request (the server writes the object), then answers `status`
 *   (500 by default) instead of the server's answer: the client cannot tell that its write landed.
 *   (Faults answer rather than cut connections: workerd reports a connection its fetch lost as an
 *   uncaught error in the isolate, which fails whichever test runs then.)
 * - `hold`: keeps the request unanswered (nothing forwarded) until the bucket is released, so a
 *   delivery stays stopped where it is for as long as a test looks at it.
 */
export type FaultKind = "fail" | "fail-after-write" | "hold";

export type FaultRule = {
  fault: FaultKind;
  /** The request's method (PUT, POST…); any method when absent. */
  method?: string;
  /** A regular expression the object key (the path after the bucket, decoded) must match; any key when absent. */
  key?: string;
  /** Matching requests let through before the fault applies (so the rule hits the Nth match). */
  skip?: number;
  /** Faults injected before the rule is spent; absent: until the bucket is released. */
  times?: number;
  /** The status of a `fail` (500 by default; a 5xx or 503 is retried by a delivery). */
  status?: number;
};

export type LoggedRequest = { method: string; key: string; forwarded?: number; fault?: FaultKind };

type ArmedRule = FaultRule & { pattern: RegExp | undefined; seen: number; injected: number };
type Bucket = { rules: ArmedRule[]; log: LoggedRequest[]; held: ServerResponse[] };

const CONTROL = /^\/__faults\/([^/?]+)$/;

/** Starts the proxy on 127.0.0.1 (any free port) in front of the S3 server at `upstream`. */
export function startFaultyS3Proxy(upstream: string): Promise<StorageServer> {
  const target = new URL(upstream);
  const buckets = new Map<string, Bucket>();
  const bucketOf = (name: string) => {
    let bucket = buckets.get(name);
    if (!bucket) {
      bucket = { rules: [], log: [], held: [] };
      buckets.set(name, bucket);
    }
    return bucket;
  };

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const body = await readBody(incoming);
    const url = new URL(incoming.url ?? "/", "http://proxy");
    const control = url.pathname.match(CONTROL);
    if (control) return controlRequest(incoming.method ?? "GET", bucketOf(control[1]!), body, outgoing);
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const method = incoming.method ?? "GET";
    const key = decodeURIComponent(rest.join("/"));
    const bucket = bucketName ? bucketOf(bucketName) : undefined;
    const rule = bucket?.rules.find((armed) => matches(armed, method, key));
    if (bucket && rule) {
      rule.seen++;
      if (rule.seen > (rule.skip ?? 0)) {
        rule.injected++;
        if (rule.times !== undefined && rule.injected >= rule.times) bucket.rules.splice(bucket.rules.indexOf(rule), 1);
        bucket.log.push({ method, key, fault: rule.fault });
        return inject(rule, bucket, incoming, body, outgoing);
      }
    }
    const answer = await send(incoming, body);
    bucket?.log.push({ method, key, forwarded: answer.status });
    reply(outgoing, answer);
  }

  async function inject(rule: ArmedRule, bucket: Bucket, incoming: IncomingMessage, body: Buffer, out: ServerResponse) {
    switch (rule.fault) {
      case "fail":
        return s3Error(out, rule.status ?? 500, "InternalError", "Injected by the faulty proxy.");
      case "fail-after-write":
        await send(incoming, body);
        return s3Error(out, rule.status ?? 500, "InternalError", "Written, then refused by the faulty proxy.");
      case "hold":
        bucket.held.push(out);
        return;
    }
  }

  /** The request forwarded to the S3 server, its answer read whole. */
  function send(incoming: IncomingMessage, body: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const upstreamRequest = forward(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (response) => {
          readBody(response).then(
            (answerBody) =>
              resolve({ status: response.statusCode ?? 502, headers: response.rawHeaders, body: answerBody }),
            reject,
          );
        },
      );
      upstreamRequest.once("error", reject);
      upstreamRequest.end(body);
    });
  }

  function controlRequest(method: string, bucket: Bucket, body: Buffer, outgoing: ServerResponse) {
    if (method === "POST") {
      const { rules } = JSON.parse(body.toString("utf8") || "{}") as { rules?: FaultRule[] };
      for (const rule of rules ?? []) {
        bucket.rules.push({ ...rule, pattern: rule.key ? new RegExp(rule.key) : undefined, seen: 0, injected: 0 });
      }
    } else if (method === "DELETE") {
      bucket.rules = bucket.rules.filter((rule) => rule.times !== undefined);
      for (const held of bucket.held.splice(0)) s3Error(held, 503, "SlowDown", "Released by the faulty proxy.");
    }
    const injected = bucket.log.filter((entry) => entry.fault).length;
    outgoing.writeHead(200, { "content-type": "application/json" });
    outgoing.end(JSON.stringify({ log: bucket.log, injected, held: bucket.held.length }));
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      if (!outgoing.headersSent) s3Error(outgoing, 502, "InternalError", `faulty proxy: ${String(error)}`);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const bucket of buckets.values()) for (const held of bucket.held) held.socket?.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

type Answer = { status: number; headers: string[]; body: Buffer };

function matches(rule: ArmedRule, method: string, key: string): boolean {
  return (!rule.method || rule.method === method) && (!rule.pattern || rule.pattern.test(key));
}

/** The S3 server's answer as it gave it: its status, its raw headers (names and order kept), its body. */
function reply(outgoing: ServerResponse, answer: Answer) {
  outgoing.writeHead(answer.status, answer.headers);
  outgoing.end(answer.body);
}

/** S3's error document, which a delivery reads the code of (SlowDown and InternalError are retried). */
function s3Error(outgoing: ServerResponse, status: number, code: string, message: string) {
  outgoing.writeHead(status, { "content-type": "application/xml" });
  outgoing.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

async function readBody(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
