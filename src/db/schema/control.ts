// The control database (binding DB): what is global to the deployment (drizzle.control.config.ts).
export * from "./applications";
export * from "./connections";
export * from "./dashboard";
export * from "./destinations";
export * from "./idempotency";
export * from "./link";
export * from "./members";
export * from "./shards";
export * from "./webhooks";
