import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes flat NNNN_name.sql migrations that wrangler applies (dev, deploy) and tests apply in setup.
export default defineConfig({
  dialect: "sqlite",
  schema: ["./src/db/schema/index.ts", "./src/families/*/table.ts"],
  out: "./migrations",
});
