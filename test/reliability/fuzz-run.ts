/**
 * Bad input (issue 7, reliability): the property-based fuzzer that the fuzz-shard-*.test.ts files
 * run, each over its share of the operations so that they run side by side. A fuzzer over every operation of the served
 * OpenAPI document (/tsp/v1 and the operator API). fast-check generates valid requests from
 * the document's schemas and mutates them (wrong types, missing and extra fields, huge and
 * unicode strings, bad ids, cursors, dates and numbers, oversized bodies, odd content types,
 * malformed JSON, duplicated and unknown query parameters, extra headers, wrong methods, bad
 * credentials). Every answer must be < 500; every 4xx must be the contract's error body with
 * the status of its code; every 2xx must match the operation's documented response schema.
 *
 * Size: FUZZ_REQUESTS in all (default 1500; `npm run test:reliability` sends 12000), shared by the
 * shards. Seed: FUZZ_SEED (default a fixed seed, so that `npm test` sends the same requests on
 * every run; `random` for a new one, as `npm run test:reliability` does). Replay a failure with
 * the FUZZ_SHARD, FUZZ_SEED and FUZZ_PATH it prints.
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { expect } from "vitest";
import { SHARDS } from "../helpers/factories";
import { ADMIN_BASE, BASE, call } from "../helpers/http";
import { fetchDocument, listOperations, type Operation } from "../helpers/openapi-operations";
import { type Category, type FuzzRequest, requestArbitrary } from "./arbitraries";
import {
  type Concrete,
  concretize,
  errorProblems,
  noteTokenOperations,
  registerDocument,
  seedWorld,
  send,
  successProblems,
} from "./fuzz-client";

export const REQUESTS = Number(env.FUZZ_REQUESTS) || 1500;
/** The seed of `npm test`: the same requests on every run, so a failure is never a matter of luck. */
const DEFAULT_SEED = 20_261_125;
/** Requests sent concurrently per fast-check run: one run is one batch. */
const BATCH = 8;
/** Seeded applications the load is spread over (rate limits are per application and per connection token). */
const APPLICATIONS = 4;

/** Known-good bodies of operations whose generated body would rarely be accepted. */
const KNOWN_BODIES: Record<string, unknown> = {
  "POST /connections": { provider: "sandbox", credentials: { username: "fuzz", password: "fuzz" }, syncMode: "manual" },
  "POST /link/complete": {
    provider: "sandbox",
    credentials: { username: "fuzz", password: "fuzz" },
    agreements: [{ agreementUrl: "https://example.com/terms/v3" }],
  },
  "PATCH /connections/current": { tags: ["fuzz"] },
  "POST /syncs": { days: 1 },
  "POST /webhooks/endpoints": { url: `${env.WEBHOOK_RECEIVER_URL}/fuzz`, eventTypes: ["issue.reported"] },
  "POST /link/short": { name: "Fuzz Trucking" },
  "POST /webhooks/replay": { types: ["issue.reported"] },
};

type Failure = {
  seed: number;
  path: string;
  request: Concrete;
  category: Category;
  status: number;
  problems: string[];
  bodyPrefix: string;
};

const describeRequest = (request: Concrete) => ({
  method: request.method,
  url: request.url.length > 400 ? `${request.url.slice(0, 400)}… (${request.url.length} chars)` : request.url,
  headers: Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      value.length > 200 ? `${value.slice(0, 200)}… (${value.length})` : value,
    ]),
  ),
  body:
    request.body === undefined
      ? undefined
      : `${request.body.slice(0, 300)}${request.body.length > 300 ? `… (${request.body.length} chars)` : ""}`,
});

/**
 * Fuzzes shard `shard` (1-based) of `shards`: every `shards`-th operation of the document, with
 * its share of FUZZ_REQUESTS.
 */
export async function fuzzShard(shard: number, shards: number): Promise<void> {
  const started = Date.now();
  const document = await fetchDocument(BASE.production);
  const all = listOperations(document);
  noteTokenOperations(all);
  const operations = all.filter((_, index) => index % shards === shard - 1);
  const requests = Math.ceil(REQUESTS / shards);
  const byName = new Map<string, Operation>(all.map((operation) => [operation.name, operation]));
  const [documentId, world] = await Promise.all([registerDocument(document), seedWorld(operations, APPLICATIONS)]);
  const seeded = Date.now();

  const arbitrary = fc.oneof(
    ...operations.map((operation) =>
      requestArbitrary(document, operation, KNOWN_BODIES[operation.name], APPLICATIONS, world.cursors.length),
    ),
  );
  const seed =
    env.FUZZ_SEED === "random"
      ? Date.now() ^ (Math.random() * 0x7fffffff)
      : env.FUZZ_SEED
        ? Number(env.FUZZ_SEED)
        : DEFAULT_SEED + shard;
  const summary = {
    seed,
    requests: 0,
    byCategory: {} as Record<string, number>,
    byOperation: {} as Record<string, number>,
    statuses: {} as Record<string, number>,
    statusesByCategory: {} as Record<string, Record<string, number>>,
    rateLimited: 0,
    validatedBodies: 0,
    failures: 0,
    failuresByKind: {} as Record<string, number>,
    cursors: world.cursors.length,
    setupMs: seeded - started,
    fuzzMs: 0,
  };
  const bump = (record: Record<string, number>, key: string) => {
    record[key] = (record[key] ?? 0) + 1;
  };
  const failures: Failure[] = [];
  let run = 0;

  async function check(request: FuzzRequest, path: string) {
    const operation = byName.get(request.operation) as Operation;
    const concrete = await concretize(request, world);
    const sent = await send(concrete);
    summary.requests++;
    summary.rateLimited += sent.rateLimited;
    bump(summary.byCategory, request.category);
    bump(summary.byOperation, request.operation);
    bump(summary.statuses, String(sent.status));
    summary.statusesByCategory[request.category] ??= {};
    bump(summary.statusesByCategory[request.category] as Record<string, number>, String(sent.status));
    let problems: string[] = [];
    if (sent.status >= 500)
      problems = [`server error ${sent.status}`, ...errorProblems(sent.status, sent.headers, sent.text, concrete)];
    else if (sent.status >= 400) problems = errorProblems(sent.status, sent.headers, sent.text, concrete);
    else if (sent.status >= 200 && sent.status < 300) {
      if (concrete.method !== operation.method && concrete.method !== "HEAD")
        problems = [`wrong method ${concrete.method} answered ${sent.status}`];
      else {
        problems = await successProblems(documentId, operation, sent.status, sent.headers, sent.text, concrete.method);
        if (concrete.method === operation.method) summary.validatedBodies++;
      }
    }
    if (problems.length > 0) {
      summary.failures++;
      bump(summary.failuresByKind, `${sent.status} ${request.operation}: ${problems[0]?.slice(0, 80)}`);
      failures.push({
        seed,
        path,
        request: concrete,
        category: request.category,
        status: sent.status,
        problems,
        bodyPrefix: sent.text.slice(0, 500),
      });
    }
  }

  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const path = String(run++);
      await Promise.all(batch.map((request) => check(request, env.FUZZ_PATH || path)));
    }),
    {
      seed,
      // A replay (FUZZ_PATH) runs the one batch at that path of the seed.
      ...(env.FUZZ_PATH ? { path: env.FUZZ_PATH, numRuns: 1 } : { numRuns: Math.ceil(requests / BATCH) }),
      // Failures are collected and reported below, so the run always completes and counts everything.
      endOnFailure: true,
    },
  );
  summary.fuzzMs = Date.now() - seeded;
  await reopenShards();
  console.log(`FUZZ_SUMMARY ${JSON.stringify({ shard: `${shard}/${shards}`, ...summary })}`);
  for (const failure of failures.slice(0, 20)) {
    console.error(
      `FUZZ_FAILURE replay with FUZZ_SHARD=${shard} FUZZ_SEED=${failure.seed} FUZZ_PATH=${failure.path}\n${JSON.stringify(
        {
          category: failure.category,
          status: failure.status,
          problems: failure.problems,
          request: describeRequest(failure.request),
          response: failure.bodyPrefix,
        },
        null,
        2,
      )}`,
    );
  }
  expect(
    failures.map(
      (failure) =>
        `${failure.status} ${failure.request.method} ${failure.request.url.slice(0, 160)}: ${failure.problems.join("; ")}`,
    ),
  ).toEqual([]);
  // Every operation of the document was exercised (a replay of one path sends only a batch).
  if (!env.FUZZ_PATH)
    for (const operation of operations)
      expect(summary.byOperation[operation.name] ?? 0, operation.name).toBeGreaterThan(0);
}

/**
 * The operator API is fuzzed with the real admin token, so a valid `PATCH /shards/{name}` may
 * close a shard: the directory is global to the runtime, and a later file of the same worker
 * would find no shard to move a connection to. The fuzzer leaves every shard open, as it found them.
 */
async function reopenShards(): Promise<void> {
  for (const name of SHARDS) {
    const reopened = await call("PATCH", `${ADMIN_BASE}/shards/${name}`, {
      key: env.ADMIN_TOKEN,
      body: { status: "open" },
    });
    expect(reopened.status, `reopen shard ${name}`).toBe(200);
  }
}
