/**
 * Failure injection at the I/O boundary: an Env whose D1 calls (control database and shards), queue sends and Durable Object
 * calls are numbered steps, one of which fails (throws, as a lost connection would) or crashes
 * (never settles, and nothing after it runs, as if the process died at that point). The unit
 * under test runs unchanged on this Env; only its dependencies misbehave. A run without a fault
 * lists the steps, so a test can inject at each of them in turn.
 */
import { shardD1, shardNames } from "../../src/db/shards";
import type { Env } from "../../src/env";

export type Injection = { at: number; mode: "fail" | "crash" };

export type FaultyEnv = {
  env: Env;
  /** The steps taken so far (the injected one included), by name. */
  steps: string[];
  /** Settles with the step's name when the crash is injected. */
  crashed: Promise<string>;
};

/** A promise that never settles: the work awaiting it stops there for good. */
const never = <T>() => new Promise<T>(() => {});

export function faultyEnv(base: Env, injection?: Injection): FaultyEnv {
  const steps: string[] = [];
  let dead = false;
  let signalCrash: (step: string) => void = () => {};
  const crashed = new Promise<string>((resolve) => {
    signalCrash = resolve;
  });
  const step = <T>(name: string, run: () => Promise<T>): Promise<T> => {
    if (dead) return never();
    steps.push(name);
    if (injection && steps.length === injection.at) {
      if (injection.mode === "fail")
        return Promise.reject(new Error(`injected failure at step ${steps.length} (${name})`));
      dead = true;
      signalCrash(name);
      return never();
    }
    return run();
  };

  // Every D1 database is wrapped: the control database's steps are `DB.<call>`, any data
  // shard's `DATA.<call>` (which shard a connection is on is the placement's choice, not the test's).
  const real = new WeakMap<object, D1PreparedStatement>();
  const database = (name: string, inner: D1Database): D1Database => {
    const statement = (prepared: D1PreparedStatement): D1PreparedStatement => {
      const wrapped = {
        bind: (...values: unknown[]) => statement(prepared.bind(...values)),
        first: (column?: string) => step(`${name}.first`, () => (column ? prepared.first(column) : prepared.first())),
        run: () => step(`${name}.run`, () => prepared.run()),
        all: () => step(`${name}.all`, () => prepared.all()),
        raw: (options?: { columnNames?: boolean }) => step(`${name}.raw`, () => prepared.raw(options as never)),
      } as unknown as D1PreparedStatement;
      real.set(wrapped, prepared);
      return wrapped;
    };
    return {
      prepare: (query: string) => statement(inner.prepare(query)),
      batch: (statements: D1PreparedStatement[]) =>
        step(`${name}.batch`, () => inner.batch(statements.map((each) => real.get(each) ?? each))),
      exec: (query: string) => step(`${name}.exec`, () => inner.exec(query)),
      dump: () => inner.dump(),
      withSession: () => {
        throw new Error("sessions are not used");
      },
    } as unknown as D1Database;
  };
  const shards = Object.fromEntries(
    shardNames(base).map((shard) => [`DATA_${shard.toUpperCase()}`, database("DATA", shardD1(base, shard))]),
  );

  const queue = <Q extends Queue>(name: string, inner: Q): Q =>
    ({
      send: (body: unknown, options?: QueueSendOptions) => step(`${name}.send`, () => inner.send(body, options)),
      sendBatch: (messages: Iterable<MessageSendRequest>, options?: QueueSendBatchOptions) =>
        step(`${name}.sendBatch`, () => inner.sendBatch(messages, options)),
    }) as unknown as Q;

  const namespace = <N extends DurableObjectNamespace>(name: string, inner: N): N =>
    ({
      idFromName: (value: string) => inner.idFromName(value),
      idFromString: (value: string) => inner.idFromString(value),
      newUniqueId: () => inner.newUniqueId(),
      get: (id: DurableObjectId) => {
        const stub = inner.get(id) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
        return new Proxy(
          {},
          {
            get:
              (_target, method: string) =>
              (...args: unknown[]) =>
                step(`${name}.${method}`, () => stub[method]!(...args)),
          },
        );
      },
    }) as unknown as N;

  const env = {
    ...base,
    DB: database("DB", base.DB),
    ...shards,
    SYNC_QUEUE: queue("SYNC_QUEUE", base.SYNC_QUEUE),
    WEBHOOK_QUEUE: queue("WEBHOOK_QUEUE", base.WEBHOOK_QUEUE),
    CONNECTION_SYNC: namespace("CONNECTION_SYNC", base.CONNECTION_SYNC),
  } as Env;
  return { env, steps, crashed };
}

/**
 * Runs `work` on a faulty Env; answers when it settled or crashed, without throwing.
 * `outcome` says which (a crashed run's work is abandoned: it never settles).
 */
export async function runWithFault<T>(
  base: Env,
  injection: Injection | undefined,
  work: (env: Env) => Promise<T>,
): Promise<
  { outcome: "ok"; value: T; steps: string[] } | { outcome: "failed" | "crashed"; steps: string[]; error?: unknown }
> {
  const faulty = faultyEnv(base, injection);
  const settled = work(faulty.env).then(
    (value) => ({ outcome: "ok" as const, value, steps: faulty.steps }),
    (error: unknown) => ({ outcome: "failed" as const, error, steps: faulty.steps }),
  );
  return Promise.race([settled, faulty.crashed.then(() => ({ outcome: "crashed" as const, steps: faulty.steps }))]);
}
