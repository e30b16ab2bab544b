/**
 * The ceiling of the sync benchmark: how fast this machine's local D1 stores utilization rows
 * when nothing else runs (no provider, queue, Durable Object, normalization or ids). It writes
 * rows shaped like the sync's with the sync's own upsert (upsertUtilizationRows), one D1
 * batch per page. The sync's rows per second divided by these is the pipeline's efficiency.
 */
import { runBatch } from "../../src/db/raw.ts";
import { upsertUtilizationRows } from "../../src/families/vehicle-utilization/write.ts";

type Env = { DB: D1Database };

const DAY_MS = 86_400_000;

/** Writes `rows` vehicle-days (`vehicles` per day) in pages of `pageSize`; answers the time taken. */
async function writeRows(
  env: Env,
  options: { run: string; rows: number; vehicles: number; pageSize: number; raw: string },
) {
  const started = performance.now();
  const now = Date.now();
  for (let first = 0; first < options.rows; first += options.pageSize) {
    const rows: unknown[][] = [];
    for (let index = first; index < Math.min(options.rows, first + options.pageSize); index++) {
      const vehicle = index % options.vehicles;
      const day = Math.floor(index / options.vehicles);
      const startAt = Date.UTC(2025, 0, 1) + day * DAY_MS;
      rows.push([
        `conn_${options.run}`,
        "app_ceiling",
        "sandbox",
        "sandbox",
        `vcl_${options.run}_${vehicle}`,
        `sbx-veh-${vehicle}`,
        new Date(startAt).toISOString().slice(0, 10),
        startAt,
        startAt + DAY_MS,
        123.45,
        12.34,
        3_600_000,
        600_000,
        now,
        now,
        (index * 2654435761).toString(36),
        options.raw,
      ]);
    }
    await runBatch(env.DB, upsertUtilizationRows(rows));
  }
  return { rows: options.rows, ms: performance.now() - started };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/health") return Response.json({ status: "ok" });
    if (url.pathname === "/write" && request.method === "POST") {
      const options = (await request.json()) as Parameters<typeof writeRows>[1];
      return Response.json(await writeRows(env, options));
    }
    return new Response("not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
