/** Process helpers of the Node-side suites that start their own `wrangler dev`. */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * A loopback port free at the time of asking, for a server started later by another process
 * (wrangler dev starts seconds after the port is chosen). It is taken below the kernel's
 * ephemeral range: every other server and client of the run binds port 0 and so gets a port of
 * that range, and could otherwise take this one meanwhile (an EADDRINUSE at start-up).
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 10_000;
  for (let attempt = 0; attempt < 50 && ephemeralLow - low > 1_000; attempt++) {
    const candidate = low + Math.floor(Math.random() * (ephemeralLow - low));
    if (await canListen(candidate)) return candidate;
  }
  return listenOn(0);
}

/** The kernel's ephemeral port range (Linux's default when it cannot be read). */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return [low!, high!];
  } catch {
    // Not Linux: the default range.
  }
  return [32_768, 60_999];
}

const canListen = (port: number) =>
  listenOn(port).then(
    () => true,
    () => false,
  );

/** Listens on a loopback port and lets it go: the port it got. */
function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
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
