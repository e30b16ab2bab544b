import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import type { TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";

export type Received = { headers: Record<string, string>; body: string; receivedAt: number };

/** A fresh inbox of the fake receiver: its URL, what it received, and the statuses of its next answers. */
export function newInbox() {
  const name = `inbox-${crypto.randomUUID()}`;
  const control = `${env.WEBHOOK_RECEIVER_URL}/_control/${name}`;
  return {
    url: `${env.WEBHOOK_RECEIVER_URL}/${name}`,
    async received(): Promise<Received[]> {
      return (await fetch(control)).json();
    },
    async answer(statuses: number[]): Promise<void> {
      await fetch(control, { method: "POST", body: JSON.stringify({ statuses }) });
    },
  };
}

/** Polls until `check` answers a value (not undefined), or fails after the timeout. */
export async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type Envelope = { id: string; type: string; timestamp: string; detail: Record<string, any> };

/** Verifies a received request with the `standardwebhooks` package; answers its envelope. */
export function verified(secret: string, request: Received): Envelope {
  return new Webhook(secret).verify(request.body, request.headers) as Envelope;
}

/** The requests received for events of this type. */
export function ofType(received: Received[], type: string): Received[] {
  return received.filter((request) => (JSON.parse(request.body) as Envelope).type === type);
}

/** Creates an endpoint through the API (sandbox), answering its body with the secret. */
export async function createEndpoint(app: TestApplication, body: Record<string, unknown>) {
  const created = await call("POST", `${BASE.sandbox}/webhooks/endpoints`, { key: app.keys.sandbox.secret, body });
  if (created.status !== 201) throw new Error(`endpoint not created: ${JSON.stringify(created.body)}`);
  return created.body as { id: string; secret: string; url: string; enabled: boolean; eventTypes: string[] };
}
