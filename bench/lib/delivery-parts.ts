/**
 * A delivery's pace per model, from the part rows it stored as it went (the control database's
 * `delivery_parts`, read from the local D1 files beside the running service). Parts are written
 * one after another, so a part took the time from the previous part's `written_at` (the first:
 * from the delivery's start) to its own; summed per model, that gives records per second for
 * each kind of record, which differ in size (an HOS log line is a fifth of a utilization day's).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ROOT } from "./service.ts";

export type ModelPace = { model: string; parts: number; records: number; bytes: number; seconds: number };

/** Per model, in the order the delivery wrote them: its parts, records, stored bytes and the time its parts took. */
export function deliveryPace(serviceName: string, deliveryId: string, startedAtMs: number): ModelPace[] {
  const folder = path.join(ROOT, ".wrangler/bench", serviceName, "state/v3/d1/miniflare-D1DatabaseObject");
  for (const name of readdirSync(folder).filter((file) => file.endsWith(".sqlite"))) {
    const database = new DatabaseSync(path.join(folder, name), { readOnly: true });
    try {
      if (!database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'delivery_parts'").get())
        continue;
      const parts = database
        .prepare(
          "SELECT model, records, bytes, written_at FROM delivery_parts WHERE delivery_id = ? ORDER BY step, part",
        )
        .all(deliveryId) as { model: string; records: number; bytes: number; written_at: number }[];
      const pace = new Map<string, ModelPace>();
      let previous = startedAtMs;
      for (const part of parts) {
        const entry = pace.get(part.model) ?? { model: part.model, parts: 0, records: 0, bytes: 0, seconds: 0 };
        entry.parts += 1;
        entry.records += Number(part.records);
        entry.bytes += Number(part.bytes);
        entry.seconds += (Number(part.written_at) - previous) / 1000;
        previous = Number(part.written_at);
        pace.set(part.model, entry);
      }
      return [...pace.values()];
    } finally {
      database.close();
    }
  }
  throw new Error(`bench: no delivery_parts table in ${folder}`);
}
