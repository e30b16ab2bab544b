/**
 * The service's bindings as a distant region sees them: every call that leaves the isolate for
 * storage (a D1 statement or batch, a Durable Object call, a queue send) waits a fixed delay
 * first. Used only by the latency benchmark's entry point (./worker.ts); no production code path
 * knows about it. Calls that stay in the isolate (building a statement, `idFromName`, `get`) and
 * the rate-limiting binding (answered in the Cloudflare location itself) are not delayed.
 */
import type { Env } from "../../src/env.ts";

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Per env object, so the Worker's handlers and the Durable Objects share one wrapping each. */
const wrapped = new WeakMap<Env, Env>();

/** `env` with its storage bindings delayed by BENCH_BINDING_DELAY_MS (default 40 ms). */
export function delayedEnv(env: Env): Env {
  const known = wrapped.get(env);
  if (known) return known;
  const delayMs = Number((env as Env & { BENCH_BINDING_DELAY_MS?: string }).BENCH_BINDING_DELAY_MS ?? 40);
  // Every D1 database: the control database and each data shard (DATA_<NAME>).
  const databases = Object.fromEntries(
    Object.keys(env)
      .filter((name) => name === "DB" || /^DATA_[A-Z0-9_]+$/.test(name))
      .map((name) => [name, delayedD1((env as unknown as Record<string, D1Database>)[name]!, delayMs)]),
  );
  const delayed: Env = {
    ...env,
    ...databases,
    SYNC_QUEUE: delayedQueue(env.SYNC_QUEUE, delayMs),
    WEBHOOK_QUEUE: delayedQueue(env.WEBHOOK_QUEUE, delayMs),
    CONNECTION_SYNC: delayedNamespace(env.CONNECTION_SYNC, delayMs),
    RATE_LIMITER: delayedNamespace(env.RATE_LIMITER, delayMs),
  };
  wrapped.set(env, delayed);
  return delayed;
}

/** The real statement behind a delayed one: D1's batch takes only its own statements. */
const realStatements = new WeakMap<object, D1PreparedStatement>();

function delayedStatement(statement: D1PreparedStatement, delayMs: number): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, property) {
      if (property === "bind") {
        return (...values: unknown[]) => delayedStatement(target.bind(...values), delayMs);
      }
      if (property === "first" || property === "all" || property === "run" || property === "raw") {
        return async (...args: unknown[]) => {
          await sleep(delayMs);
          return Reflect.apply(target[property] as (...callArgs: unknown[]) => unknown, target, args);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  realStatements.set(proxy, statement);
  return proxy;
}

function delayedD1(database: D1Database, delayMs: number): D1Database {
  return new Proxy(database, {
    get(target, property) {
      if (property === "prepare") return (query: string) => delayedStatement(target.prepare(query), delayMs);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          await sleep(delayMs);
          return target.batch(statements.map((statement) => realStatements.get(statement) ?? statement));
        };
      }
      if (property === "exec") {
        return async (query: string) => {
          await sleep(delayMs);
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function delayedQueue<Body>(queue: Queue<Body>, delayMs: number): Queue<Body> {
  return {
    async send(body, options) {
      await sleep(delayMs);
      return queue.send(body, options);
    },
    async sendBatch(messages, options) {
      await sleep(delayMs);
      return queue.sendBatch(messages, options);
    },
  } as Queue<Body>;
}

/** A stub whose every method call (an RPC to the object) waits the delay first. */
function delayedStub<Stub extends object>(stub: Stub, delayMs: number): Stub {
  return new Proxy(stub, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function" || property === "then") return value;
      return async (...args: unknown[]) => {
        await sleep(delayMs);
        // Reflect.apply: on an RPC stub, `.apply` itself would be taken for a remote method.
        return Reflect.apply(value as (...callArgs: unknown[]) => unknown, target, args);
      };
    },
  });
}

function delayedNamespace<Namespace extends object>(namespace: Namespace, delayMs: number): Namespace {
  return new Proxy(namespace, {
    get(target, property) {
      if (property === "get" || property === "getByName") {
        return (...args: unknown[]) =>
          delayedStub(
            Reflect.apply(Reflect.get(target, property) as (...callArgs: unknown[]) => object, target, args),
            delayMs,
          );
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
