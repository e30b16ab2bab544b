/**
 * What the fake Samsara keeps per token besides the account, and the Samsara-only controls that
 * set or read it. State is keyed by the account's credential (its API token): requests made with
 * an OAuth access token of the account share it, so tests address an OAuth connection's scopes,
 * scripts, log and clock by the credential the account was registered with.
 */
import { json } from "../http-server.ts";

/** A response a test scripts for a token's next request (`PUT /__fake/samsara/script/<token>`). */
export const SCRIPTED = ["429", "401", "403", "503", "malformed"] as const;
type Scripted = (typeof SCRIPTED)[number];

/** What the fake keeps per token besides the account: scopes taken away, scripted answers, a request log. */
export type TokenState = {
  denied: Set<string>;
  script: Scripted[];
  log: { path: string; query: Record<string, string>; status: number; version?: string }[];
  /** When each logged request arrived (ms since the epoch), to check a client's request pace. */
  arrivals: { path: string; at: number }[];
  /** The instant (ms) the token's answers are computed at, when stopped; the real time otherwise. */
  now?: number;
};

const MAX_LOG = 5000;

export function createTokenStates() {
  const tokens = new Map<string, TokenState>();
  const stateOf = (credential: string) => {
    let state = tokens.get(credential);
    if (!state) {
      state = { denied: new Set(), script: [], log: [], arrivals: [] };
      tokens.set(credential, state);
    }
    return state;
  };
  /**
   * Samsara-only controls, per token: `PUT …/scopes/<token>` `{ denied: [scope…] }` (403 on
   * their endpoints), `PUT …/script/<token>` `{ responses: ["429", "503", …] }` (the next
   * requests answer these, in order, then normally), `GET …/log/<token>` (requests served, with
   * their `X-Samsara-Version` as `version`), `GET …/arrivals/<token>` (when each of them arrived),
   * `PUT …/clock/<token>` `{ now }` (the token's answers are computed at that instant, in ms;
   * `null` lets the clock run again).
   */
  async function control(request: Request, url: URL): Promise<Response | undefined> {
    const match = /^\/__fake\/samsara\/(scopes|script|log|arrivals|clock)\/(.+)$/.exec(url.pathname);
    if (!match) return undefined;
    const state = stateOf(decodeURIComponent(match[2]!));
    const body = request.method === "PUT" ? ((await request.json().catch(() => ({}))) as Record<string, unknown>) : {};
    const strings = (value: unknown) =>
      Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    if (match[1] === "scopes" && request.method === "PUT") state.denied = new Set(strings(body.denied));
    if (match[1] === "script" && request.method === "PUT") {
      state.script = strings(body.responses).filter((r): r is Scripted => (SCRIPTED as readonly string[]).includes(r));
    }
    if (match[1] === "clock" && request.method === "PUT")
      state.now = typeof body.now === "number" ? body.now : undefined;
    if (match[1] === "arrivals") return json({ arrivals: state.arrivals });
    return json({ denied: [...state.denied], script: state.script, requests: state.log });
  }

  function answer(state: TokenState | undefined, request: Request, at: number, response: Response): Response {
    const { pathname: path, searchParams } = new URL(request.url);
    const version = request.headers.get("x-samsara-version");
    if (state && state.log.length < MAX_LOG) {
      const entry = { path, query: Object.fromEntries(searchParams), status: response.status };
      state.log.push(version === null ? entry : { ...entry, version });
      state.arrivals.push({ path, at });
    }
    return response;
  }

  return { stateOf, control, answer };
}
