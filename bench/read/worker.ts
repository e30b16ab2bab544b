/**
 * The read benchmark's entry point (bench/read-throughput.ts): the service itself, plus one
 * route no deployment has, `GET /__bench/storage-page?connection=…&shard=…`: the same keyset
 * page of 101 vehicles that `GET /vehicles?limit=100` reads (the columns a list answer carries,
 * no raw payloads), queried straight from the connection's shard and returned as JSON, with no
 * authentication, limiter, presentation or validation. What local D1 alone costs per page
 * bounds what any read route can reach on this one thread.
 */
import { getTableColumns } from "drizzle-orm";
import { shardD1 } from "../../src/db/shards.ts";
import type { Env } from "../../src/env.ts";
import { vehicles } from "../../src/families/vehicles/table.ts";
import service from "../../src/index.ts";

export { ConnectionSync, RateLimiter } from "../../src/index.ts";

/** Every column but the raw payload, as readColumns selects for a list without `raw=true`. */
const columns = Object.values(getTableColumns(vehicles))
  .map((column) => column.name)
  .filter((name) => name !== "raw");
const PAGE = `SELECT ${columns.join(", ")} FROM vehicles
  WHERE connection_id = ? AND visibility IN ('visible') ORDER BY id LIMIT 101`;

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname !== "/__bench/storage-page") return service.fetch(request, env, ctx);
    const connection = url.searchParams.get("connection") ?? "";
    const { results } = await shardD1(env, url.searchParams.get("shard") ?? "")
      .prepare(PAGE)
      .bind(connection)
      .all();
    return Response.json({ results: results.slice(0, 100) });
  },
  queue: (batch, env) => service.queue(batch, env),
  scheduled: (controller, env, ctx) => service.scheduled(controller, env, ctx),
} satisfies ExportedHandler<Env>;
