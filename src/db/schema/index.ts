export * from "./columns";
export * from "./control";
export * from "./data";
