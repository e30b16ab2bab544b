import { newApp } from "./app";
import type { Env } from "./env";

const app = newApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
