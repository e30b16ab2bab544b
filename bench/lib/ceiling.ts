/** The sync benchmark's baseline Worker (bench/ceiling/): local D1 writes and nothing else. */
import path from "node:path";
import { freshDir, ROOT, type WranglerDev, wranglerDev } from "./service.ts";

export type Ceiling = WranglerDev & {
  /** Writes `rows` utilization rows in pages of `pageSize` (each row's raw entry is `raw`); answers rows per second. */
  write(options: { rows: number; vehicles: number; pageSize: number; raw: string }): Promise<number>;
};

export async function startCeiling(port: number, inspectorPort: number): Promise<Ceiling> {
  const dev = await wranglerDev({
    configPath: path.join(ROOT, "bench/ceiling/wrangler.toml"),
    dir: freshDir("ceiling"),
    port,
    inspectorPort,
    vars: {},
  });
  let runs = 0;
  return {
    ...dev,
    async write(options) {
      const response = await fetch(`${dev.origin}/write`, {
        method: "POST",
        body: JSON.stringify({ ...options, run: String(runs++) }),
      });
      if (!response.ok) throw new Error(`ceiling write answered ${response.status}: ${await response.text()}`);
      const result = (await response.json()) as { rows: number; ms: number };
      return result.rows / (result.ms / 1000);
    },
  };
}
