/**
 * The Worker's isolate through the devtools protocol that `wrangler dev --inspector-port`
 * serves: its V8 heap (Runtime.getHeapUsage) and CPU profiles. The Worker, its queue
 * consumers and its Durable Objects run in this one isolate, so the heap seen here is theirs.
 */

type Pending = { resolve: (value: any) => void; reject: (error: Error) => void };

export class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  /** Connects to the first target the inspector lists (the Worker's isolate). */
  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error(`no inspector target on port ${port}`);
    // The inspector accepts only devtools and loopback origins; Node's WebSocket sends none by default.
    const socket = new WebSocket(url, { headers: { origin: "http://127.0.0.1" } } as unknown as string[]);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`cannot connect to ${url}`)), { once: true });
    });
    return new Inspector(socket);
  }

  /** Calls a method; a call unanswered within `timeoutMs` fails rather than waiting forever. */
  send<T = any>(method: string, params: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<T> {
    const id = this.nextId++;
    const result = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer from the inspector within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
    this.socket.send(JSON.stringify({ id, method, params }));
    return result;
  }

  /** Bytes of the isolate's V8 heap in use now. */
  async heapUsed(): Promise<number> {
    return (await this.send<{ usedSize: number }>("Runtime.getHeapUsage")).usedSize;
  }

  /**
   * The heap at rest: the lowest reading over `ms`. (workerd's inspector does not answer
   * HeapProfiler.collectGarbage, so a collection cannot be forced from here.)
   */
  async heapAtRest(ms = 2000): Promise<number> {
    let lowest = Number.POSITIVE_INFINITY;
    for (const end = performance.now() + ms; performance.now() < end; ) {
      lowest = Math.min(lowest, await this.heapUsed());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return lowest;
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Samples the heap every `intervalMs` until stopped: the peak is the largest sample, a lower
 * bound of the true peak (a spike shorter than the interval can fall between samples).
 */
export function sampleHeap(inspector: Inspector, intervalMs = 20) {
  let peak = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const used = await inspector.heapUsed();
      samples++;
      if (used > peak) peak = used;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peakBytes: peak, samples };
    },
  };
}
