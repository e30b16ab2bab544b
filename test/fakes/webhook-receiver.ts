/**
 * A fake webhook receiver (a real HTTP server on loopback) for the webhook tests. Each test uses
 * its own inbox, a path of its choosing: `POST /<inbox>` records the request and answers 200,
 * or the next status queued for that inbox. Tests drive it through its control endpoints:
 * `GET /_control/<inbox>` lists the requests received, and `POST /_control/<inbox>` with
 * `{ statuses: [500, 410] }` queues the statuses of the next answers.
 */
import { type RunningServer, startFakeServer } from "./http-server.ts";

export type ReceivedWebhook = { headers: Record<string, string>; body: string; receivedAt: number };

export function createWebhookReceiver() {
  const received = new Map<string, ReceivedWebhook[]>();
  const statuses = new Map<string, number[]>();
  return {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const control = url.pathname.match(/^\/_control\/(.+)$/);
      if (control) {
        const inbox = control[1] ?? "";
        if (request.method === "GET") return Response.json(received.get(inbox) ?? []);
        const body = (await request.json()) as { statuses?: number[] };
        statuses.set(inbox, [...(statuses.get(inbox) ?? []), ...(body.statuses ?? [])]);
        return Response.json({ ok: true });
      }
      const inbox = url.pathname.slice(1);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      received.set(inbox, [
        ...(received.get(inbox) ?? []),
        { headers, body: await request.text(), receivedAt: Date.now() },
      ]);
      const status = statuses.get(inbox)?.shift() ?? 200;
      return new Response(status === 204 ? null : JSON.stringify({ status }), { status });
    },
  };
}

export function startWebhookReceiver(port = 0): Promise<RunningServer> {
  const receiver = createWebhookReceiver();
  return startFakeServer((request) => receiver.fetch(request), port);
}
