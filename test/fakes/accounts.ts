/**
 * Customer accounts of a fake provider, registered by tests (and by `npm start` for a demo
 * account) through the fake's control endpoint, `POST /__fake/accounts`:
 * `{ credential, name?, vehicles?, revision?, faults? }`. The credential is whatever the
 * provider authenticates with (a Samsara API token, a Motive API key, `database/userName/password`
 * for Geotab). `PATCH /__fake/accounts/<credential>` changes the revision or faults later.
 */
import type { FleetOptions } from "./fleet.ts";
import { json } from "./http-server.ts";

export type Faults = {
  /** Probability that a data request is answered with the provider's rate-limit response. */
  rateLimitRate?: number;
  /** Retry-After sent with it, in seconds (may be fractional). */
  retryAfterSeconds?: number;
  /** Probability of a 5xx. */
  serverErrorRate?: number;
  /** Probability of a truncated (invalid JSON) body. */
  malformedRate?: number;
  /** Delay before answering, in milliseconds. */
  delayMs?: number;
  /** Probability that a data request hangs for `hangMs` (longer than the client's timeout) before answering. */
  timeoutRate?: number;
  /** How long a hanging request hangs (default 3000 ms). */
  hangMs?: number;
  /** Probability of a well-formed JSON body of the wrong shape (a malformed payload that parses). */
  wrongShapeRate?: number;
  /** Probability that a page carries every record twice (and, where the provider pages by cursor, that the same page comes again). */
  duplicatePageRate?: number;
};

export type FakeAccount = {
  credential: string;
  name: string;
  fleet: FleetOptions;
  faults: Faults;
  /** Faults injected so far, by kind (read back through GET /__fake/accounts/<credential>). */
  injected?: Record<string, number>;
};

export class AccountStore {
  private readonly accounts = new Map<string, FakeAccount>();

  get(credential: string | undefined): FakeAccount | undefined {
    return credential === undefined ? undefined : this.accounts.get(credential);
  }

  put(account: FakeAccount): void {
    this.accounts.set(account.credential, account);
  }

  /** Answers the control endpoints; undefined for any other request. */
  async control(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/__fake/accounts")) return undefined;
    const body = (await request.json().catch(() => ({}))) as Partial<
      FakeAccount & FleetOptions & { credential: string }
    >;
    if (request.method === "POST" && url.pathname === "/__fake/accounts") {
      if (!body.credential) return json({ message: "credential required" }, 400);
      const account: FakeAccount = {
        credential: body.credential,
        name: body.name ?? `Fleet ${body.credential.slice(0, 8)}`,
        fleet: { seed: body.seed ?? body.credential, vehicles: body.vehicles ?? 10, revision: body.revision ?? 0 },
        faults: body.faults ?? {},
      };
      this.put(account);
      return json(account, 201);
    }
    const credential = decodeURIComponent(url.pathname.slice("/__fake/accounts/".length));
    const account = this.accounts.get(credential);
    if (!account) return json({ message: "no such account" }, 404);
    if (request.method === "PATCH") {
      if (body.revision !== undefined) account.fleet = { ...account.fleet, revision: body.revision };
      if (body.vehicles !== undefined) account.fleet = { ...account.fleet, vehicles: body.vehicles };
      if (body.faults !== undefined) account.faults = body.faults;
      return json(account);
    }
    return json(account);
  }
}

/** Whether to inject a fault of the given probability (Math.random: a retry may pass). */
export const roll = (probability: number | undefined) => probability !== undefined && Math.random() < probability;

export const sleep = (ms: number | undefined) =>
  ms ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
