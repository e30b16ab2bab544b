import { randomBytes } from "node:crypto";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { Validator } from "@seriousme/openapi-schema-validator";
import { configDefaults, type TestProjectInlineConfiguration } from "vitest/config";
import { awsSdkXmlParser } from "./aws-sdk-xml-parser.ts";
import { fakeBaseUrlVars } from "./fakes/base-urls.ts";
import { responseValidator } from "./reliability/response-validator.ts";
import "./websocket-compression-off.ts";
import { FAKE_OAUTH_CLIENT_VARS } from "./fakes/oauth/clients.ts";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Files that run the service's global jobs (the deletion sweep, the recovery sweeps, the cron
 * purges) or count rows across applications: a sweep sees every row of its storage, so these files
 * keep a runtime and storage of their own. Every other file shares its worker's runtime with the
 * files before it (`isolate: false`): starting a runtime per file cost about 2.8 s of CPU each, a
 * third of the suite, and those tests own their data through an application of their own.
 */
export const OWN_STORAGE = [
  "test/deletion/sweep.test.ts",
  "test/deletion/cancel.test.ts",
  "test/reliability/secrets.test.ts",
  // Shards are global: this file closes them and counts their connections.
  "test/shards/directory.test.ts",
];

/**
 * Files that run the global jobs too but leave nothing for them: each of their tests ends with
 * the connections it made synced and their events delivered, and the deletions it asked for done.
 * They share runtimes among themselves (a file after another on a worker, as the cases of one file
 * do), apart from the other files, whose syncs are left running. The crash points of the deletion
 * sweep count its steps in a run, so a file that leaves a deletion pending (a connection in its
 * grace period, or one left `deleting`) keeps a runtime of its own instead (OWN_STORAGE).
 */
export const LEAVE_NOTHING = [
  "test/reliability/crash-points-*.test.ts",
  "test/deletion/usage-kept.test.ts",
  "test/link/flow.test.ts",
  "test/shards/deletion.test.ts",
];

/** The migrations of the control database and of the data shards, read once for every runtime the projects start. */
let migrations: Promise<{ control: D1Migrations; data: D1Migrations }> | undefined;
type D1Migrations = Awaited<ReturnType<typeof readD1Migrations>>;
const readMigrations = () => {
  migrations ??= Promise.all([
    readD1Migrations(path.join(root, "migrations/control")),
    readD1Migrations(path.join(root, "migrations/data")),
  ]).then(([control, data]) => ({ control, data }));
  return migrations;
};

const ALL_WORKERS_FILES = ["test/**/*.test.ts"];
/**
 * Files run with a third data shard bound (DATA_C), as a deployment that added one: a binding
 * of wrangler.toml's kind that the Worker sees for the first time.
 */
const THIRD_SHARD_FILES = ["test/shards-added/**/*.test.ts"];
// The browser and deployment suites run in Node against wrangler dev (test/browser/vitest.config.ts,
// test/deployment/vitest.config.ts).
const NOT_WORKERS_FILES = [...configDefaults.exclude, "test/browser/**", "test/deployment/**", ...THIRD_SHARD_FILES];

/**
 * The workers suite as two vitest projects: the files that share a runtime per worker, and the
 * files of OWN_STORAGE, each in a runtime of its own. Both run inside workerd through
 * `@cloudflare/vitest-plugin` with the bindings of `wrangler.toml`. Each project is built whole
 * here (vitest's `extends` concatenates `include` and `exclude`, so a project cannot narrow them).
 */
export function workersProjects(groupOrder?: number): TestProjectInlineConfiguration[] {
  const sequence = groupOrder === undefined ? {} : { sequence: { groupOrder } };
  return [
    workersProject({
      name: "workers",
      isolate: false,
      include: ALL_WORKERS_FILES,
      exclude: [...NOT_WORKERS_FILES, ...OWN_STORAGE, ...LEAVE_NOTHING],
      ...sequence,
    }),
    workersProject({
      name: "workers-leave-nothing",
      isolate: false,
      include: LEAVE_NOTHING,
      exclude: NOT_WORKERS_FILES,
      ...sequence,
    }),
    workersProject({
      name: "workers-own-storage",
      isolate: true,
      include: OWN_STORAGE,
      exclude: NOT_WORKERS_FILES,
      ...sequence,
    }),
    workersProject({
      name: "workers-third-shard",
      isolate: true,
      include: THIRD_SHARD_FILES,
      exclude: configDefaults.exclude,
      // wrangler.toml's two shards and a third, with its own local database.
      d1Databases: {
        DB: "00000000-0000-4000-8000-00000000c001",
        DATA_A: "00000000-0000-4000-8000-00000000d00a",
        DATA_B: "00000000-0000-4000-8000-00000000d00b",
        DATA_C: "00000000-0000-4000-8000-00000000d00c",
      },
      ...sequence,
    }),
  ];
}

type ProjectOptions = {
  name: string;
  isolate: boolean;
  include: string[];
  exclude: string[];
  sequence?: { groupOrder: number };
  /** D1 bindings instead of wrangler.toml's (binding → database id). */
  d1Databases?: Record<string, string>;
};

function workersProject(options: ProjectOptions): TestProjectInlineConfiguration {
  return {
    plugins: [
      awsSdkXmlParser(),
      cloudflareTest(async ({ inject }) => ({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        miniflare: {
          ...(options.d1Databases ? { d1Databases: options.d1Databases } : {}),
          bindings: {
            TEST_CONTROL_MIGRATIONS: (await readMigrations()).control,
            TEST_DATA_MIGRATIONS: (await readMigrations()).data,
            // Fresh secrets every run: nothing in the tests depends on a known key.
            ADMIN_TOKEN: randomBytes(24).toString("base64url"),
            ENCRYPTION_KEY: randomBytes(32).toString("base64"),
            // Deployment-style configuration: two hostnames with the same path.
            PRODUCTION_BASE_URL: "https://api.telematics.test/tsp/v1",
            SANDBOX_BASE_URL: "https://sandbox.telematics.test/tsp/v1",
            LINK_BASE_URL: "https://link.telematics.test",
            // Provider pages of 200 records (the default is 500): the paging tests size their fleets
            // to need several pages of everything and count the provider requests at this size.
            SYNC_PAGE_SIZE: "200",
            // Keys and tokens are remembered for 1 s (5 s by default), so the tests of that bound wait
            // less, and a moved connection's old copy is removed 2 s after the switch (30 s by default).
            AUTH_CACHE_SECONDS: "1",
            SHARD_MOVE_CLEANUP_SECONDS: "2",
            // Retries of failing pages wait at most a second, so fault tests end quickly.
            SYNC_MAX_BACKOFF_SECONDS: "1",
            // Provider requests time out after 5 s (15 s by default): the fault suite's hanging requests
            // (6 s) count as timeouts without a long wait, and a fake's answer slowed by a busy machine
            // is still far from the limit.
            PROVIDER_TIMEOUT_MS: "5000",
            // Webhooks to the test receiver on loopback (http), retried after at most a second.
            ALLOW_LOOPBACK_WEBHOOKS: "true",
            WEBHOOK_MAX_RETRY_DELAY_SECONDS: "1",
            WEBHOOK_RECEIVER_URL: inject("webhookReceiverUrl"),
            WEBHOOK_DNS_RESOLVER_URL: inject("fakeDohUrl"),
            // The S3 and Kinesis servers data destinations write to in tests (test/fakes/storage/servers.ts).
            S3_TEST_ENDPOINT: inject("s3TestEndpoint"),
            KINESIS_TEST_ENDPOINT: inject("kinesisTestEndpoint"),
            // The same s3rver behind a proxy that injects faults per bucket (test/fakes/storage/faulty-proxy.ts).
            S3_FAULTY_TEST_ENDPOINT: inject("s3FaultyTestEndpoint"),
            // The fake providers started by test/global-setup.ts, reached over real HTTP.
            ...fakeBaseUrlVars(inject("fakeProviderUrls")),
            // A delivery reads again the last 60 s before the previous one's end by default (records
            // committed late); the delivery tests write nothing while they deliver, and count exactly.
            DELIVERY_OVERLAP_SECONDS: "0",
            // Parts of 7 records, so that every delivery test writes several parts per model and connection.
            DELIVERY_PART_RECORDS: "7",
            // The OAuth apps registered at the fake Samsara and Motive (test/fakes/oauth/clients.ts).
            ...FAKE_OAUTH_CLIENT_VARS,
            // Verizon Connect's integrator app id: the one the fake accepts (test/fakes/verizon/ids.ts).
            VERIZON_APP_ID: "fleetmatics-p-us-0000000000000000000000000000000000fake0001",
            // Webfleet's integrator API key (the fake accepts it), and its slow per-action quotas (trip
            // report 1, object report 6, tracks 10 a minute) raised so that a sync of the fake takes
            // seconds (the fake's test accounts are registered with the same quotas).
            WEBFLEET_API_KEY: "webfleet-test-api-key",
            WEBFLEET_TRIPS_PER_MINUTE: "600",
            WEBFLEET_TRACKS_PER_MINUTE: "600",
            WEBFLEET_OBJECT_REPORTS_PER_MINUTE: "600",
            // Azuga's integrator client id (the fake's test accounts accept it) and its one request a
            // minute per endpoint raised so that a sync of the fake takes seconds (the fake's test
            // accounts are registered with the same quota).
            AZUGA_CLIENT_ID: "azuga-test-client",
            AZUGA_REQUESTS_PER_MINUTE: "600",
            // MiX Integrate's integrator client: the one its fake accepts (test/fakes/mix/ids.ts).
            MIX_CLIENT_ID: "mix-test-client",
            MIX_CLIENT_SECRET: "mix-test-secret",
            // TN360's integrator client: the one its fake accepts (test/fakes/teletrac-navman/ids.ts),
            // and its fair-use stats poll (one in 5 minutes) shortened so syncs of the fake take seconds.
            TN360_CLIENT_ID: "tn360-test-client",
            TN360_CLIENT_SECRET: "tn360-test-secret",
            TN360_STATS_INTERVAL_SECONDS: "1",
            // Size, seed and replay of the bad-input fuzzer (test/reliability/fuzz-run.ts).
            FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? "1500",
            FUZZ_SEED: process.env.FUZZ_SEED ?? "",
            FUZZ_PATH: process.env.FUZZ_PATH ?? "",
            FUZZ_SHARD: process.env.FUZZ_SHARD ?? "",
            // Size and replay of the state-checking fuzzer (test/reliability/state-fuzz.test.ts).
            STATE_FUZZ_REQUESTS: process.env.STATE_FUZZ_REQUESTS ?? "120",
            STATE_FUZZ_SEED: process.env.STATE_FUZZ_SEED ?? "",
          },
          // The sync queue gives up on a page after 8 retries here (30 in wrangler.toml): a test of a
          // provider that never recovers then waits about 9 s for the dead-letter queue, not 31.
          // The fault suites' rates stay far from 9 failures in a row on one page.
          queueConsumers: {
            "telematics-sync": {
              maxBatchSize: 10,
              maxBatchTimeout: 0,
              maxRetries: 8,
              deadLetterQueue: "telematics-sync-dlq",
            },
          },
          serviceBindings: {
            // Runs in Node (ajv compiles schemas with `new Function`, which workerd forbids).
            OPENAPI_VALIDATOR: async (request: Request) => {
              const validator = new Validator();
              const result = await validator.validate(await request.json());
              return Response.json({ valid: result.valid, errors: result.errors ?? [], version: validator.version });
            },
            // Response bodies against the document's schemas (ajv, draft 2020-12), also in Node.
            RESPONSE_VALIDATOR: responseValidator,
          },
        },
      })),
    ],
    test: {
      name: options.name,
      root,
      include: options.include,
      exclude: options.exclude,
      isolate: options.isolate,
      globalSetup: ["./test/global-setup.ts"],
      setupFiles: ["./test/apply-migrations.ts"],
      // Tests that wait for syncs run the real queue consumer in the background. The heaviest take
      // 10–16 s in a full run on 2 cores, and two took over 60 s when the machine ran another suite
      // beside this one: the bound is for a test that hangs, not a measure of speed (CI runs on a
      // slower, busier machine).
      testTimeout: 120_000,
      // Console output goes straight to workerd's output, not through vitest's worker RPC. Logged from
      // another I/O context (a queue consumer, a Durable Object: the background syncs, webhook retries
      // and deliveries), a line is held by the pool's runner until the next message it posts, and
      // vitest waits for every pending RPC before it reports a file finished: when such a line came
      // after a runtime's last file posted its results, the run waited forever between the workers
      // and the browser suites. Tests that read logs spy on `console` themselves.
      disableConsoleIntercept: true,
      ...(options.sequence ? { sequence: options.sequence } : {}),
    },
  };
}
