import type { Env } from "../env";

/** The ConnectionSync Durable Object of a connection (one per connection, by name). */
export function connectionSync(env: Pick<Env, "CONNECTION_SYNC">, connectionId: string) {
  return env.CONNECTION_SYNC.get(env.CONNECTION_SYNC.idFromName(connectionId));
}
