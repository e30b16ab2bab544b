import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Real migrations on the real (local) D1 before the tests of each file; applying twice is a no-op.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
