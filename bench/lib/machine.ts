/** What a figure was measured on: every BENCHMARKS.md section names the machine and the versions. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./service.ts";

function packageVersion(name: string): string {
  const file = path.join(ROOT, "node_modules", name, "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

export function describeMachine(): string {
  const cpus = os.cpus();
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  return [
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${memory}, ${os.type()} ${os.release()}`,
    `Node ${process.versions.node}, wrangler ${packageVersion("wrangler")}, workerd ${packageVersion("workerd")}, commit ${gitCommit()}`,
  ].join("; ");
}
