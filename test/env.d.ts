import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      OPENAPI_VALIDATOR: Fetcher;
      /** Base URL of the fake webhook receiver (test/fakes/webhook-receiver.ts). */
      WEBHOOK_RECEIVER_URL: string;
    }
    interface GlobalProps {
      mainModule: typeof import("../src/index");
    }
  }
}
