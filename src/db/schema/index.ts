export * from "./applications";
export * from "./columns";
export * from "./connections";
export * from "./issues";
export * from "./records";
export * from "./usage";
