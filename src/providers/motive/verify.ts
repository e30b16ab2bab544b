import { DomainError } from "../../errors";
import { ProviderError } from "../errors";
import type { ProviderContext, VerifiedAccount } from "../types";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "./client";
import { type MotiveCompany, motiveCompany, motiveUser } from "./payloads";

/**
 * Checks an API key with the cheapest call that describes the account, `GET /v1/companies`
 * (the company behind the key: its id is the connection's source id, its DOT numbers the
 * account's), then names the fleet's first admin as the account's user, since a company key
 * belongs to the company rather than to a user. A 401 or 403 on the company is a rejected key.
 */
export async function verifyMotive(
  credentials: Readonly<Record<string, string>>,
  context: ProviderContext,
): Promise<VerifiedAccount> {
  const client = MotiveClient.of(context, credentials);
  let company: MotiveCompany;
  try {
    const page = await client.list("/v1/companies", { list: "companies", item: "company" }, {}, { no: 1, perPage: 1 });
    const parsed = motiveCompany.safeParse(page.items[0]);
    if (!parsed.success) throw new ProviderError("malformed", `${PROVIDER}: /v1/companies did not describe a company.`);
    company = parsed.data;
  } catch (error) {
    if (error instanceof MotiveForbiddenError || (error instanceof ProviderError && error.kind === "unauthorized")) {
      throw new DomainError("invalid_credentials", `${PROVIDER} rejected the API key.`);
    }
    throw error;
  }
  const admin = await firstAdmin(client);
  return {
    sourceId: String(company.id),
    account: {
      name: company.name,
      dotNumbers: (company.dot_ids ?? []).map(String).filter((dot) => dot.length > 0),
      ...(admin
        ? {
            user: {
              sourceId: String(admin.id),
              ...(admin.first_name ? { firstName: admin.first_name } : {}),
              ...(admin.last_name ? { lastName: admin.last_name } : {}),
              ...(admin.email ? { email: admin.email } : {}),
            },
          }
        : {}),
    },
  };
}

/** The first active admin, or none when the key may not list users. */
async function firstAdmin(client: MotiveClient) {
  try {
    const page = await client.list(
      "/v1/users",
      { list: "users", item: "user" },
      { role: "admin", status: "active" },
      { no: 1, perPage: 1 },
    );
    const parsed = motiveUser.safeParse(page.items[0]);
    return parsed.success ? parsed.data : undefined;
  } catch (error) {
    if (error instanceof MotiveForbiddenError) return undefined;
    throw error;
  }
}
