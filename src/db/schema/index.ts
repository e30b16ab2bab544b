export * from "./applications";
export * from "./columns";
export * from "./connections";
export * from "./usage";
