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

/**
 * Each account's fault dice: a generator seeded by the faults it was given (not by the credential,
 * which tests draw at random), restarted whenever its faults change. A sync's pages are read one
 * after another, so the same test meets the same faults on every run and machine, and a retry
 * still meets the next roll (it may pass).
 */
const dice = new WeakMap<FakeAccount, { faults: Faults; next: () => number }>();

/** The next roll in [0, 1) of an account's dice. */
export function nextRoll(account: FakeAccount): number {
  let current = dice.get(account);
  if (!current || current.faults !== account.faults) {
    current = { faults: account.faults, next: seededRandom(JSON.stringify(account.faults)) };
    dice.set(account, current);
  }
  return current.next();
}

/** Whether to inject a fault of the given probability, by the account's dice. */
export const roll = (account: FakeAccount, probability: number | undefined) =>
  probability !== undefined && probability > 0 && nextRoll(account) < probability;

/** mulberry32 over a 32-bit FNV-1a hash of the seed. */
function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (let index = 0; index < seed.length; index++) state = Math.imul(state ^ seed.charCodeAt(index), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number | undefined) =>
  ms ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
