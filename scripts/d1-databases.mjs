// The D1 databases of wrangler.toml (the control database DB and the data shards DATA_<NAME>),
// for the scripts that migrate each of them: `npm start`, `npm run deploy`, the benchmarks and
// the browser suite. wrangler applies migrations to one database per call.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Each `[[d1_databases]]` block's binding and migrations folder (relative to the project root), in file order. */
export function d1Databases(configText = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8")) {
  return configText
    .split(/^\[\[d1_databases\]\]\s*$/m)
    .slice(1)
    .map((block) => {
      const body = block.split(/^\[/m)[0];
      const binding = body.match(/^binding\s*=\s*"([^"]+)"/m)?.[1];
      const migrationsDir = body.match(/^migrations_dir\s*=\s*"([^"]+)"/m)?.[1];
      if (!binding || !migrationsDir)
        throw new Error("wrangler.toml: a [[d1_databases]] block lacks binding or migrations_dir");
      return { binding, migrationsDir };
    });
}

/**
 * `wrangler d1 migrations apply <binding> <args>` for every database, one after another (not at
 * once: wrangler processes migrating one local persist directory together meet on its shared
 * files and fail with SQLITE_BUSY, as a full test run once showed); throws
 * with wrangler's output on the first failure. `args` carries --local or --remote, and --config
 * or --persist-to where needed.
 */
export function applyMigrations({
  wrangler = "wrangler",
  args,
  env = process.env,
  cwd = ROOT,
  configText,
  quiet = false,
}) {
  for (const { binding } of d1Databases(configText)) {
    const result = spawnSync(wrangler, migrateArgs(binding, args), {
      cwd,
      env: { ...env, CI: "true" },
      encoding: "utf8",
      stdio: quiet ? "pipe" : "inherit",
    });
    if (result.status !== 0) throw migrationFailure(binding, result.status ?? result.error?.message, result);
  }
}

/**
 * `applyMigrations` without blocking the event loop, its output kept: for a process that goes on
 * with other work meanwhile (the test runner, while the browser suite's Worker is prepared).
 */
export async function applyMigrationsInBackground({ wrangler = "wrangler", args, env = process.env, cwd = ROOT }) {
  for (const { binding } of d1Databases()) {
    const child = spawn(wrangler, migrateArgs(binding, args), { cwd, env: { ...env, CI: "true" } });
    const output = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk) => (output.stdout += chunk));
    child.stderr.on("data", (chunk) => (output.stderr += chunk));
    const status = await new Promise((resolve) => {
      child.once("error", (error) => resolve(error.message));
      child.once("close", resolve);
    });
    if (status !== 0) throw migrationFailure(binding, status, output);
  }
}

const migrateArgs = (binding, args) => ["d1", "migrations", "apply", binding, ...args];

function migrationFailure(binding, status, { stdout, stderr }) {
  return new Error(`migrations of ${binding} failed (${status}):\n${stdout ?? ""}\n${stderr ?? ""}`);
}

// `node scripts/d1-databases.mjs --local` (npm run db:migrate:local): migrate every database.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  applyMigrations({ args: process.argv.slice(2) });
}
