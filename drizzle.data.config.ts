import { defineConfig } from "drizzle-kit";

// Every data shard (bindings DATA_<NAME>): the same migrations on each, from migrations/data.
export default defineConfig({
  dialect: "sqlite",
  schema: ["./src/db/schema/data.ts", "./src/families/*/table.ts", "./src/timeseries/table.ts"],
  out: "./migrations/data",
});
