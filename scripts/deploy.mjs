// `npm run deploy`: applies the migrations of every D1 database of wrangler.toml (the control
// database, then each data shard) to Cloudflare, then deploys the Worker. A new shard's
// database gets its schema here, before the Worker that places connections on it is live.
import { spawnSync } from "node:child_process";
import { applyMigrations } from "./d1-databases.mjs";

applyMigrations({ args: ["--remote"] });
const deploy = spawnSync("wrangler", ["deploy", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(deploy.status ?? 1);
