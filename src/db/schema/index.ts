export * from "./applications";
export * from "./columns";
export * from "./connections";
export * from "./issues";
export * from "./members";
export * from "./records";
export * from "./usage";
export * from "./webhooks";
