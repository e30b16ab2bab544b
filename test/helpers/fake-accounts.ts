/**
 * The fake providers' shared account controls (test/fakes/accounts.ts) as the provider tests call
 * them: register an account, change its faults or options, read back what the fake saw of it.
 */
import { expect } from "vitest";

const accountUrl = (baseUrl: string, credential: string) =>
  `${baseUrl}/__fake/accounts/${encodeURIComponent(credential)}`;

/** `POST /__fake/accounts`: registers (or resets) the account `body.credential` names. */
export async function registerFakeAccount(
  baseUrl: string,
  body: { credential: string } & Record<string, unknown>,
): Promise<void> {
  const response = await fetch(`${baseUrl}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** `PATCH /__fake/accounts/<credential>`: changes its faults or options; answers the account (faults injected so far). */
export async function patchFakeAccount(
  baseUrl: string,
  credential: string,
  patch: object,
): Promise<{ injected?: Record<string, number> } & Record<string, unknown>> {
  const response = await fetch(accountUrl(baseUrl, credential), {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(patch),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { injected?: Record<string, number> };
}

/** `GET /__fake/accounts/<credential>`: the account, with what its provider's fake saw (under its name). */
export async function fakeAccountState<T>(baseUrl: string, credential: string): Promise<T> {
  const response = await fetch(accountUrl(baseUrl, credential));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
