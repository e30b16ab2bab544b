/**
 * The test runner talks to each workerd runtime over a WebSocket that miniflare opens with the `ws`
 * package, which offers permessage-deflate, and workerd accepts: every module the runner serves
 * and every message of a run is deflated on one side and inflated on the other, about a sixth of
 * the runner's CPU in a full run on 2 cores. miniflare does not expose ws's `perMessageDeflate`
 * option, so the runner's process renames the extension it offers to one no server knows: the
 * offer is ignored and frames travel uncompressed. Nothing else in the runner's process uses ws;
 * if ws changes and this stops applying, the suite is only slower.
 */
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

try {
  // miniflare's copy of ws (the package exports no subpaths, so the file is found beside its entry).
  const wsRoot = path.dirname(require.resolve("ws", { paths: [path.dirname(require.resolve("miniflare"))] }));
  const PerMessageDeflate = require(path.join(wsRoot, "lib/permessage-deflate.js"));
  Object.defineProperty(PerMessageDeflate, "extensionName", { get: () => "x-test-runner-uncompressed" });
} catch {
  // Laid out otherwise (another ws, miniflare elsewhere): the frames stay compressed, and the suite slower.
}
