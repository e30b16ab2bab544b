/** Process helpers of the Node-side suites that start their own `wrangler dev`. */
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A loopback port free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Ends a process group started here (wrangler and its workerd children): SIGTERM, then SIGKILL
 * after `graceMs`, and SIGKILL once more at the end, because workerd may outlive wrangler by a moment.
 */
export async function stopProcessGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.pid === undefined) return;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once("exit", resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const timeout = setTimeout(() => signal("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timeout);
  signal("SIGKILL");
}
