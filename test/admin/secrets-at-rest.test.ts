import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decrypt } from "../../src/lib/crypto";
import { createSandboxConnection, createTestApplication, mintTestPublicToken } from "../helpers/factories";
import { admin, BASE, call } from "../helpers/http";

type Row = Record<string, unknown>;

/** SHA-256 in lowercase hex, computed here rather than with the service's helper. */
async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const hex = (text: string) =>
  Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("");
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const base64Url = (text: string) => base64(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

/** Every table of the database except SQLite's, Cloudflare's and D1's own. */
async function userTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  return results.map((row) => row.name);
}

/** Every value of every row of every table, as text (blobs decoded as UTF-8 and as hex). */
async function everyStoredValue(): Promise<{ table: string; column: string; text: string }[]> {
  const values: { table: string; column: string; text: string }[] = [];
  for (const table of await userTables()) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`).all<Row>();
    for (const row of results) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        if (value instanceof ArrayBuffer || ArrayBuffer.isView(value) || Array.isArray(value)) {
          const bytes =
            value instanceof ArrayBuffer
              ? new Uint8Array(value)
              : Array.isArray(value)
                ? Uint8Array.from(value as number[])
                : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
          values.push({ table, column, text: new TextDecoder().decode(bytes) });
          values.push({ table, column, text: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") });
        } else {
          values.push({ table, column, text: String(value) });
        }
      }
    }
  }
  return values;
}

/** Forms a leaked secret could take in a column: itself, its random part, and plain encodings of both. */
function leakForms(secret: string): string[] {
  const randomPart = secret.replace(/^(sk|pk)_(prod|sandbox)_|^con_tkn_|^pub_tkn_/, "");
  const forms = new Set<string>();
  for (const value of [secret, randomPart]) {
    forms.add(value);
    forms.add(hex(value));
    forms.add(base64(value).replace(/=+$/, ""));
    forms.add(base64Url(value));
  }
  return [...forms];
}

async function scenario() {
  const app = await createTestApplication();
  const suffix = crypto.randomUUID().replaceAll("-", "");
  const credentials = { username: `user-${suffix.slice(0, 10)}`, password: `pw-${suffix}` };
  const connection = await createSandboxConnection(app, { credentials });
  const other = await createSandboxConnection(app, {
    credentials: { username: credentials.username, password: `pw-other-${suffix}` },
  });
  const { publicToken } = await mintTestPublicToken(connection, app);
  // A second public token, exchanged: its row is marked used, and the exchange answers the connection token.
  const { publicToken: exchangedToken } = await mintTestPublicToken(connection, app);
  const exchanged = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
    key: app.keys.sandbox.secret,
    body: { publicToken: exchangedToken },
  });
  expect(exchanged.status).toBe(200);
  expect(exchanged.body.token).toBe(connection.token);
  // A key added for rotation, and one revoked.
  const added = await admin("POST", `/applications/${app.id}/keys`, { environment: "sandbox", kind: "secret" });
  expect(added.status).toBe(201);
  expect((await admin("DELETE", `/applications/${app.id}/keys/${app.keyIds["production.publishable"]}`)).status).toBe(
    200,
  );
  return { app, credentials, connection, other, publicToken, exchangedToken, addedKey: added.body.key as string };
}

describe("secrets at rest", () => {
  it("stores no secret in any column of any table, in plain text or a plain encoding", async () => {
    const s = await scenario();
    const secrets: Record<string, string> = {
      "production secret key": s.app.keys.production.secret,
      "production publishable key": s.app.keys.production.publishable,
      "sandbox secret key": s.app.keys.sandbox.secret,
      "sandbox publishable key": s.app.keys.sandbox.publishable,
      "rotated-in key": s.addedKey,
      "connection token": s.connection.token,
      "other connection token": s.other.token,
      "public token": s.publicToken,
      "exchanged public token": s.exchangedToken,
      "provider password": s.credentials.password,
      "credentials JSON": JSON.stringify(s.credentials),
      "credentials JSON (reversed keys)": JSON.stringify({
        password: s.credentials.password,
        username: s.credentials.username,
      }),
    };
    const values = await everyStoredValue();

    // The scan sees this test's rows (so an empty scan cannot pass): the application id is in
    // applications, api_keys and connections, and the connection id in public_tokens.
    const tablesWith = (needle: string) => new Set(values.filter((v) => v.text.includes(needle)).map((v) => v.table));
    expect([...tablesWith(s.app.id)]).toEqual(expect.arrayContaining(["applications", "api_keys", "connections"]));
    expect([...tablesWith(s.connection.id)]).toEqual(expect.arrayContaining(["connections", "public_tokens"]));
    expect(await userTables()).toEqual(
      expect.arrayContaining(["applications", "api_keys", "connections", "public_tokens"]),
    );

    const leaks: string[] = [];
    for (const [label, secret] of Object.entries(secrets)) {
      expect(secret.length, label).toBeGreaterThanOrEqual(20);
      for (const form of leakForms(secret)) {
        for (const value of values) {
          if (value.text.includes(form)) leaks.push(`${label} in ${value.table}.${value.column}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it("stores API keys as the SHA-256 hex of the key", async () => {
    const s = await scenario();
    const expected: [string, string][] = [
      [s.app.keyIds["production.secret"]!, s.app.keys.production.secret],
      [s.app.keyIds["production.publishable"]!, s.app.keys.production.publishable],
      [s.app.keyIds["sandbox.secret"]!, s.app.keys.sandbox.secret],
      [s.app.keyIds["sandbox.publishable"]!, s.app.keys.sandbox.publishable],
    ];
    for (const [id, key] of expected) {
      const row = await env.DB.prepare("SELECT key_hash, hint FROM api_keys WHERE id = ?")
        .bind(id)
        .first<{ key_hash: string; hint: string }>();
      expect(row?.key_hash).toBe(await sha256Hex(key));
      expect(row?.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.hint.endsWith(key.slice(-4))).toBe(true);
    }
    const added = await env.DB.prepare("SELECT key_hash FROM api_keys WHERE key_hash = ?")
      .bind(await sha256Hex(s.addedKey))
      .first();
    expect(added).not.toBeNull();
  });

  it("stores the connection token as its SHA-256 hex, and public tokens by hash only", async () => {
    const s = await scenario();
    const row = await env.DB.prepare("SELECT token_hash FROM connections WHERE id = ?")
      .bind(s.connection.id)
      .first<{ token_hash: string }>();
    expect(row?.token_hash).toBe(await sha256Hex(s.connection.token));
    const { results } = await env.DB.prepare(
      "SELECT token_hash, used_at FROM public_tokens WHERE connection_id = ? ORDER BY token_hash",
    )
      .bind(s.connection.id)
      .all<{ token_hash: string; used_at: number | null }>();
    const byHash = new Map(results.map((token) => [token.token_hash, token]));
    expect(results).toHaveLength(2);
    expect(byHash.get(await sha256Hex(s.publicToken))?.used_at).toBeNull();
    expect(byHash.get(await sha256Hex(s.exchangedToken))?.used_at).toEqual(expect.any(Number));
  });

  it("encrypts the token and the credentials so that they open only on their own row", async () => {
    const s = await scenario();
    const rowOf = (id: string) =>
      env.DB.prepare("SELECT token_encrypted, credentials_encrypted FROM connections WHERE id = ?")
        .bind(id)
        .first<{ token_encrypted: string; credentials_encrypted: string }>();
    const mine = (await rowOf(s.connection.id))!;
    const theirs = (await rowOf(s.other.id))!;
    const key = env.ENCRYPTION_KEY;

    expect(await decrypt(key, mine.token_encrypted, `connection-token:${s.connection.id}`)).toBe(s.connection.token);
    expect(
      JSON.parse(await decrypt(key, mine.credentials_encrypted, `provider-credentials:${s.connection.id}`)),
    ).toEqual(s.credentials);
    expect(await decrypt(key, theirs.token_encrypted, `connection-token:${s.other.id}`)).toBe(s.other.token);

    // Another connection's context: a ciphertext copied onto another row does not open.
    await expect(decrypt(key, mine.token_encrypted, `connection-token:${s.other.id}`)).rejects.toThrow();
    await expect(decrypt(key, theirs.token_encrypted, `connection-token:${s.connection.id}`)).rejects.toThrow();
    await expect(decrypt(key, mine.credentials_encrypted, `provider-credentials:${s.other.id}`)).rejects.toThrow();
    // Another purpose on the same row: the token does not open as credentials, nor the reverse.
    await expect(decrypt(key, mine.token_encrypted, `provider-credentials:${s.connection.id}`)).rejects.toThrow();
    await expect(decrypt(key, mine.credentials_encrypted, `connection-token:${s.connection.id}`)).rejects.toThrow();
    // Another key.
    const otherKey = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    await expect(decrypt(otherKey, mine.token_encrypted, `connection-token:${s.connection.id}`)).rejects.toThrow();
  });

  it("still serves the connection after a round trip through storage (the sealed token is the one answered)", async () => {
    const s = await scenario();
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: s.app.keys.sandbox.secret,
      token: s.connection.token,
    });
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(s.connection.id);
    expect(current.body.token).toBe(s.connection.token);
    expect(JSON.stringify(current.body)).not.toContain(s.credentials.password);
  });
});
