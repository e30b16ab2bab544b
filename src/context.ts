import type { Database } from "./db/client";
import type { Environment } from "./db/schema";
import type { Env } from "./env";

/** What a domain service needs from its caller, whether HTTP handler, queue consumer, cron job or Durable Object. */
export type ServiceContext = { db: Database; env: Env };

/** The owner every tenant query is scoped by. */
export type Tenant = { applicationId: string; environment: Environment };
