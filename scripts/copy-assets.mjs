// Copies the API reference UI bundle into .assets/, the Worker's static assets directory,
// so the reference page works offline and without a third-party CDN. Runs on `npm install`.
import { copyFileSync, mkdirSync } from "node:fs";

mkdirSync(".assets/scalar", { recursive: true });
copyFileSync("node_modules/@scalar/api-reference/dist/browser/standalone.js", ".assets/scalar/standalone.js");
