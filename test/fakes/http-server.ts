/**
 * Runs a fake provider (a web-standard fetch handler) as a real HTTP server on loopback, so
 * adapters reach it over real HTTP through their configured base URLs. Used by the test
 * run (vitest globalSetup) and by `npm start`.
 *
 * The fakes run in Node, outside the Worker: imports carry `.ts` extensions and only
 * erasable TypeScript syntax is used, so Node runs them as they are.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export type RunningServer = { url: string; close: () => Promise<void> };

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const method = incoming.method ?? "GET";
  return new Request(new URL(incoming.url ?? "/", origin), {
    method,
    headers,
    ...(body && method !== "GET" && method !== "HEAD" ? { body } : {}),
  });
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => {
    outgoing.setHeader(name, value);
  });
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

/** Starts the handler on 127.0.0.1 (port 0: any free port). */
export function startFakeServer(handler: FetchHandler, port = 0): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer(async (incoming, outgoing) => {
      try {
        const address = server.address();
        const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
        await send(await handler(await toRequest(incoming, origin)), outgoing);
      } catch (error) {
        outgoing.statusCode = 500;
        outgoing.end(JSON.stringify({ message: `fake server error: ${String(error)}` }));
      }
    });
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actual}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}
