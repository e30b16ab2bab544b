// A data shard (bindings DATA_<NAME>): what belongs to one connection (drizzle.data.config.ts),
// with the tables of the data families (src/families/*/table.ts).
export * from "./issues";
export * from "./pending-events";
export * from "./sync-jobs";
export * from "./usage";
