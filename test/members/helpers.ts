import { expect } from "vitest";
import { uniqueName } from "../helpers/factories";
import { admin, BASE, type CallOptions, call, type Environment } from "../helpers/http";

export type TestMember = { id: string; token: string; tokenId: string };

/** A member created through the operator API, with its first token in plaintext. */
export async function createTestMember(): Promise<TestMember> {
  const created = await admin("POST", "/members", { email: `${uniqueName("member")}@example.com` });
  expect(created.status).toBe(201);
  return { id: created.body.id, token: created.body.token.token, tokenId: created.body.token.id };
}

export async function addMembership(applicationId: string, memberId: string, role: "admin" | "viewer") {
  const result = await admin("PUT", `/applications/${applicationId}/members/${memberId}`, { role });
  expect(result.status).toBe(200);
  return result.body;
}

/** A call to the /tsp/v1 API with a member token, optionally choosing the application. */
export function memberCall(
  method: string,
  environment: Environment,
  path: string,
  member: { token: string },
  options: CallOptions & { applicationId?: string } = {},
) {
  const { applicationId, ...rest } = options;
  return call(method, `${BASE[environment]}${path}`, {
    ...rest,
    key: member.token,
    headers: { ...rest.headers, ...(applicationId ? { "x-application-id": applicationId } : {}) },
  });
}
