/**
 * An account store for a fake that keeps, per account, options only its provider has and what it
 * saw (stats), taken from the same control requests as the shared store's fleet and faults:
 * `POST /__fake/accounts` sets the options (and starts the stats over), `PATCH` changes them, and
 * `GET /__fake/accounts/<credential>` adds `<name>: { options, stats }`.
 */
import { AccountStore } from "./accounts.ts";
import { json } from "./http-server.ts";

export class ProviderAccountStore<Options extends object, Stats> extends AccountStore {
  readonly options = new Map<string, Options>();
  readonly stats = new Map<string, Stats>();
  /** Called when an account is (re)created, so that its old sessions or tokens end. */
  onReset: (credential: string) => void = () => {};

  // A field, not a parameter property: the fakes run as TypeScript stripped of its types (Node).
  private readonly spec: {
    /** The key the GET answer carries the options and stats under (`geotab`). */
    name: string;
    optionKeys: readonly (keyof Options & string)[];
    emptyStats: () => Stats;
  };

  constructor(spec: ProviderAccountStore<Options, Stats>["spec"]) {
    super();
    this.spec = spec;
  }

  optionsOf(credential: string): Options {
    return this.options.get(credential) ?? ({} as Options);
  }

  statsOf(credential: string): Stats {
    const stats = this.stats.get(credential) ?? this.spec.emptyStats();
    this.stats.set(credential, stats);
    return stats;
  }

  override async control(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/__fake/accounts")) return undefined;
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as Record<string, unknown>;
    const credential =
      request.method === "POST"
        ? String(body.credential ?? "")
        : decodeURIComponent(url.pathname.slice("/__fake/accounts/".length));
    const response = await super.control(request);
    if (!response || response.status >= 300) return response;
    const given = Object.fromEntries(
      this.spec.optionKeys.filter((key) => key in body).map((key) => [key, body[key]]),
    ) as Options;
    if (request.method === "POST") {
      this.options.set(credential, given);
      this.stats.set(credential, this.spec.emptyStats());
      this.onReset(credential);
      return response;
    }
    if (request.method === "PATCH") {
      this.options.set(credential, { ...this.optionsOf(credential), ...given });
      return response;
    }
    const account = (await response.json()) as Record<string, unknown>;
    return json({
      ...account,
      [this.spec.name]: { options: this.optionsOf(credential), stats: this.statsOf(credential) },
    });
  }
}
