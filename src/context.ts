import type { Database } from "./db/client";
import type { Environment } from "./db/schema";
import type { Env } from "./env";

/** What a domain service needs from its caller, whether HTTP handler, queue consumer, cron job or Durable Object. */
export type ServiceContext = {
  db: Database;
  env: Env;
  /**
   * Keeps work going after the answer (an HTTP request's waitUntil), for what a change owes
   * that is recovered anyway if lost (queueing webhook deliveries, telling a sync object).
   * Absent: that work is awaited.
   */
  defer?: (work: Promise<unknown>) => void;
};

/** The owner every tenant query is scoped by. */
export type Tenant = { applicationId: string; environment: Environment };
