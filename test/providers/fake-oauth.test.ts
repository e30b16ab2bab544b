/**
 * The fake Samsara and Motive authorization servers behave as providers.md 1.1 and 2.1 describe
 * the real ones (the service's OAuth connections are tested against them): the consent page and
 * its answers, the code and refresh grants with each provider's client authentication, Samsara's
 * reusable and Motive's rotating refresh tokens, revocation, and the data API taking an access
 * token for the account that granted it until it expires or is revoked. All over real HTTP.
 */
import { describe, expect, it } from "vitest";
import {
  authorizeGet,
  authorizeParams,
  codeFor,
  consent,
  dataStatus,
  exchange,
  hiddenFields,
  motive,
  type OAuthFake,
  oauthControl,
  post,
  REDIRECT_URI,
  refresh,
  registerAccount,
  samsara,
} from "./fake-oauth-helpers";

describe.each([
  ["Samsara", samsara],
  ["Motive", motive],
] as const)("fake %s OAuth", (provider, fakeOf) => {
  it("shows an accessible consent page naming the provider, which a frame may show", async () => {
    const fake = fakeOf();
    const page = await authorizeGet(fake, authorizeParams(fake, { scope: "vehicles.read users.read" }));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("x-frame-options")).toBeNull();
    const html = await page.text();
    const title = `Authorize ${fake.client.name} · Sign in to ${provider}`;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain('<label for="login">Account login</label>');
    expect(html).toContain('<input id="login" name="login" type="text"');
    expect(html).toContain('<button type="submit" name="decision" value="allow">Allow</button>');
    expect(html).toMatch(/<button type="submit" name="decision" value="deny"[^>]*>Deny<\/button>/);
    expect(hiddenFields(html)).toEqual({
      client_id: fake.client.id,
      redirect_uri: REDIRECT_URI,
      state: authorizeParams(fake).state,
      scope: "vehicles.read users.read",
    });
  });

  it("sends the customer back with a code, or with access_denied, and keeps an unknown login on the page", async () => {
    const fake = fakeOf();
    const credential = await registerAccount(fake);
    expect(await codeFor(fake, credential)).toMatch(/^[\w-]{20,}$/);

    const denied = await consent(fake, "", "deny");
    expect(denied.status).toBe(302);
    const back = new URL(denied.headers.get("location")!);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(authorizeParams(fake).state);
    expect(back.searchParams.has("code")).toBe(false);

    const unknown = await consent(fake, "nobody-here");
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('<p role="alert">No such account</p>');
    expect((await oauthControl(fake, credential)).codesIssued).toBe(1);
  });

  it("answers an unknown client or a bad redirect URI on its own page, and a wrong response_type at the app", async () => {
    const fake = fakeOf();
    for (const params of [
      authorizeParams(fake, { client_id: "someone-else" }),
      authorizeParams(fake, { redirect_uri: "/relative/callback" }),
      authorizeParams(fake, { redirect_uri: "ftp://app.example/cb" }),
    ]) {
      const page = await authorizeGet(fake, params);
      expect(page.status).toBe(400);
      expect(page.headers.get("location")).toBeNull();
      expect(await page.text()).toContain('<p role="alert">');
    }
    const implicit = await authorizeGet(fake, authorizeParams(fake, { response_type: "token" }));
    expect(implicit.status).toBe(302);
    const back = new URL(implicit.headers.get("location")!);
    expect(back.searchParams.get("error")).toBe("unsupported_response_type");
    expect(back.searchParams.get("state")).toBe(authorizeParams(fake).state);
  });

  it("exchanges a code once, for its redirect URI only, and the data API takes the access token", async () => {
    const fake = fakeOf();
    const credential = await registerAccount(fake);
    const code = await codeFor(fake, credential);
    const mismatch = await post(fake, "token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: "https://app.example/other",
    });
    expect(mismatch).toEqual({ status: 400, body: { error: "invalid_grant", error_description: expect.any(String) } });

    const tokens = await exchange(fake, code);
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, refresh_token: expect.any(String) });
    expect(tokens.access_token).toMatch(provider === "Samsara" ? /^samsara-oauth-/ : /^oauth:/);
    expect(await dataStatus(fake, tokens.access_token)).toBe(200);

    const reused = await post(fake, "token", { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI });
    expect(reused).toEqual({ status: 400, body: { error: "invalid_grant", error_description: expect.any(String) } });
    const unknown = await post(fake, "token", { grant_type: "password", username: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("unsupported_grant_type");
    expect(await oauthControl(fake, credential)).toMatchObject({
      grants: [{ clientId: fake.client.id, revoked: false, revokedBy: null, refreshes: 0, issuedAccessTokens: 1 }],
      codesIssued: 1,
    });
  });

  it("refuses a client with a wrong secret with 401 invalid_client", async () => {
    const fake = fakeOf();
    const wrong = await post(
      fake,
      "token",
      { grant_type: "refresh_token", refresh_token: "x" },
      fake.clientAuth,
      "nope",
    );
    expect(wrong).toEqual({ status: 401, body: { error: "invalid_client", error_description: expect.any(String) } });
    const anonymous = await post(fake, "revoke", { token: "x" }, "none");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("invalid_client");
  });

  it("expires an account's access tokens on demand and issues them with the lifetime a test sets", async () => {
    const fake = fakeOf();
    const credential = await registerAccount(fake);
    const tokens = await exchange(fake, await codeFor(fake, credential));
    await oauthControl(fake, credential, "expire");
    expect(await dataStatus(fake, tokens.access_token)).toBe(401);

    await oauthControl(fake, credential, undefined, { accessTokenSeconds: 120 });
    const renewed = await refresh(fake, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.expires_in).toBe(120);
    expect(await dataStatus(fake, renewed.body.access_token)).toBe(200);
    expect((await oauthControl(fake, credential)).grants[0]).toMatchObject({ refreshes: 1, issuedAccessTokens: 2 });
  });

  it("revokes the whole grant when the client revokes a token, and answers 200 for an unknown one", async () => {
    const fake = fakeOf();
    const credential = await registerAccount(fake);
    const tokens = await exchange(fake, await codeFor(fake, credential));
    expect(await post(fake, "revoke", { token: tokens.refresh_token })).toEqual({ status: 200, body: {} });
    expect(await dataStatus(fake, tokens.access_token)).toBe(401);
    expect((await refresh(fake, tokens.refresh_token)).body.error).toBe("invalid_grant");
    expect((await oauthControl(fake, credential)).grants[0]).toMatchObject({ revoked: true, revokedBy: "client" });
    expect(await post(fake, "revoke", { token: "never-issued" })).toEqual({ status: 200, body: {} });
  });

  it("ends every grant when the customer revokes the app, and when the account is registered again", async () => {
    const fake = fakeOf();
    const credential = await registerAccount(fake);
    const first = await exchange(fake, await codeFor(fake, credential));
    const second = await exchange(fake, await codeFor(fake, credential));
    await oauthControl(fake, credential, "revoke");
    for (const tokens of [first, second]) {
      expect(await dataStatus(fake, tokens.access_token)).toBe(401);
      expect(await refresh(fake, tokens.refresh_token)).toMatchObject({
        status: 400,
        body: { error: "invalid_grant" },
      });
    }
    const state = await oauthControl(fake, credential);
    expect(state.grants.map((grant) => grant.revokedBy)).toEqual(["customer", "customer"]);

    const third = await exchange(fake, await codeFor(fake, credential));
    await registerAccount(fake, credential);
    expect(await dataStatus(fake, third.access_token)).toBe(401);
    expect((await refresh(fake, third.refresh_token)).body.error).toBe("invalid_grant");
    expect(await oauthControl(fake, credential)).toMatchObject({ grants: [], codesIssued: 0 });
  });
});

describe("fake Samsara OAuth: Basic client authentication, reusable refresh tokens", () => {
  const fake: () => OAuthFake = samsara;

  it("takes the client only as HTTP Basic", async () => {
    const credential = await registerAccount(fake());
    const { refresh_token } = await exchange(fake(), await codeFor(fake(), credential));
    const form = { grant_type: "refresh_token", refresh_token };
    for (const auth of ["body", "none"] as const) {
      expect(await post(fake(), "token", form, auth)).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    }
    const both = await post(fake(), "token", { ...form, client_secret: fake().client.secret }, "basic");
    expect(both.status).toBe(401);
    expect((await post(fake(), "token", form, "basic")).status).toBe(200);
  });

  it("takes the code without a redirect_uri, and the same refresh token again and again", async () => {
    const credential = await registerAccount(fake());
    const code = await codeFor(fake(), credential);
    const first = await post(fake(), "token", { grant_type: "authorization_code", code });
    expect(first.status).toBe(200);
    expect(first.body).not.toHaveProperty("created_at");
    expect(first.body).not.toHaveProperty("scope");
    for (let time = 0; time < 2; time++) {
      const again = await refresh(fake(), first.body.refresh_token);
      expect(again.status).toBe(200);
      expect(again.body.refresh_token).toBe(first.body.refresh_token);
      expect(again.body.access_token).not.toBe(first.body.access_token);
    }
    expect((await oauthControl(fake(), credential)).grants[0]).toMatchObject({ refreshes: 2, issuedAccessTokens: 3 });
  });

  it("keeps the per-token log of OAuth requests under the account's credential", async () => {
    const credential = await registerAccount(fake());
    const { access_token } = await exchange(fake(), await codeFor(fake(), credential));
    expect(await dataStatus(fake(), access_token)).toBe(200);
    const log = await (await fetch(`${fake().base}/__fake/samsara/log/${credential}`)).json();
    expect(log).toMatchObject({ requests: [{ path: "/me", status: 200 }] });
  });
});

describe("fake Motive OAuth: Doorkeeper's form client authentication, rotating refresh tokens", () => {
  const fake: () => OAuthFake = motive;

  it("asks for the redirect_uri at the exchange and answers created_at and scope", async () => {
    const credential = await registerAccount(fake());
    const code = await codeFor(fake(), credential, { scope: "vehicles.read users.read" });
    const missing = await post(fake(), "token", { grant_type: "authorization_code", code });
    expect(missing).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const tokens = await exchange(fake(), code);
    expect(tokens.scope).toBe("vehicles.read users.read");
    expect(Math.abs(tokens.created_at - Date.now() / 1000)).toBeLessThan(600);
  });

  it("takes the client in the form or as Basic, and rotates the refresh token on every use", async () => {
    const credential = await registerAccount(fake());
    const tokens = await exchange(fake(), await codeFor(fake(), credential));
    const rotated = await post(
      fake(),
      "token",
      { grant_type: "refresh_token", refresh_token: tokens.refresh_token },
      "basic",
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(await refresh(fake(), tokens.refresh_token)).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    const next = await refresh(fake(), rotated.body.refresh_token);
    expect(next.status).toBe(200);
    expect(await dataStatus(fake(), next.body.access_token)).toBe(200);
    expect((await oauthControl(fake(), credential)).grants[0]).toMatchObject({ refreshes: 2, revoked: false });
  });

  it("refuses an access token in X-Api-Key and an API key as Bearer, as before", async () => {
    const credential = await registerAccount(fake());
    const { access_token } = await exchange(fake(), await codeFor(fake(), credential));
    const asKey = await fetch(`${fake().base}/v1/companies`, { headers: { "x-api-key": access_token } });
    expect(asKey.status).toBe(401);
    expect(await dataStatus(fake(), credential)).toBe(401);
  });
});
