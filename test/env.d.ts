import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_CONTROL_MIGRATIONS: D1Migration[];
      TEST_DATA_MIGRATIONS: D1Migration[];
      OPENAPI_VALIDATOR: Fetcher;
      /** Validates response bodies against the served document (test/reliability/response-validator.ts). */
      RESPONSE_VALIDATOR: Fetcher;
      /** Requests the bad-input fuzzer sends, and an optional fast-check seed and path to replay. */
      FUZZ_REQUESTS: string;
      FUZZ_SEED: string;
      FUZZ_PATH: string;
      FUZZ_SHARD: string;
      STATE_FUZZ_REQUESTS: string;
      STATE_FUZZ_SEED: string;
      /** Base URL of the fake webhook receiver (test/fakes/webhook-receiver.ts). */
      WEBHOOK_RECEIVER_URL: string;
      /** The fake DNS-over-HTTPS resolver (test/fakes/doh.ts). */
      WEBHOOK_DNS_RESOLVER_URL: string;
      /** s3rver and kinesalite on loopback (test/fakes/storage/servers.ts; helpers in test/helpers/aws.ts). */
      S3_TEST_ENDPOINT: string;
      KINESIS_TEST_ENDPOINT: string;
      /** s3rver behind a fault-injecting proxy, controlled at `/__faults/<bucket>` (test/fakes/storage/faulty-proxy.ts). */
      S3_FAULTY_TEST_ENDPOINT: string;
    }
    interface GlobalProps {
      mainModule: typeof import("../src/index");
    }
  }
}

/** Vite's raw imports: a file's text (the shield test reads wrangler.toml). */
declare module "*?raw" {
  const text: string;
  export default text;
}
