/**
 * The latency benchmark's entry point (bench/latency.ts): the service itself, its handlers and
 * its Durable Objects given bindings that wait a fixed delay on every call to storage
 * (./delayed-env.ts), as if D1, the objects and the queues were a distant region away.
 */

import type { Env } from "../../src/env.ts";
import service, {
  ConnectionSync as ServiceConnectionSync,
  RateLimiter as ServiceRateLimiter,
} from "../../src/index.ts";
import { delayedEnv } from "./delayed-env.ts";

export class ConnectionSync extends ServiceConnectionSync {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, delayedEnv(env));
  }
}

export class RateLimiter extends ServiceRateLimiter {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, delayedEnv(env));
  }
}

export default {
  fetch: (request, env, ctx) => service.fetch(request, delayedEnv(env), ctx),
  queue: (batch, env) => service.queue(batch, delayedEnv(env)),
  scheduled: (controller, env, ctx) => service.scheduled(controller, delayedEnv(env), ctx),
} satisfies ExportedHandler<Env>;
