import { defineConfig } from "drizzle-kit";

// The control database (binding DB). `npm run db:generate` writes its migrations to
// migrations/control and the data shards' to migrations/data (drizzle.data.config.ts).
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/control.ts",
  out: "./migrations/control",
});
