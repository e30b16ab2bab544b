import { timingSafeEqualStrings } from "../../lib/crypto";

/**
 * Logins to a provider (sessions, tokens), kept per isolate in module memory, so that the pages
 * of a sync do not each log in. A Worker keeps no memory it can rely on, so this is only a
 * cache: a miss costs one login.
 *
 * A login is handed out only to a caller with the same password (its digest is kept, never the
 * password), so a connection whose password stopped working never rides on another connection's
 * login of the same user. At most `maxEntries` are kept, the least recently stored going first.
 */
export class LoginCache<Login extends { passwordDigest: string }> {
  private readonly logins = new Map<string, Login>();

  constructor(
    private readonly options: {
      /** Whether a login may still be used (one due for renewal is not handed out). */
      usable?: (login: Login, now: number) => boolean;
      maxEntries?: number;
    } = {},
  ) {}

  /** The cached, usable login of a key, when it was made with this password. */
  get(key: string, digest: string, now = Date.now()): Login | undefined {
    const login = this.logins.get(key);
    if (!login || (this.options.usable && !this.options.usable(login, now))) return undefined;
    return timingSafeEqualStrings(login.passwordDigest, digest) ? login : undefined;
  }

  remember(key: string, login: Login): void {
    this.logins.delete(key);
    this.logins.set(key, login);
    while (this.logins.size > (this.options.maxEntries ?? 500)) {
      const oldest = this.logins.keys().next().value;
      if (oldest === undefined) break;
      this.logins.delete(oldest);
    }
  }

  /** Forgets the key's login if it is the refused one (another caller may have renewed it already). */
  forget(key: string, refused: (login: Login) => boolean): void {
    const login = this.logins.get(key);
    if (login && refused(login)) this.logins.delete(key);
  }

  /** Empties the cache (tests start an isolate's life over with it). */
  clear(): void {
    this.logins.clear();
  }
}
