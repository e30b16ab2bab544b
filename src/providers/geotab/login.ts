import { ProviderError } from "../errors";
import type { LiveReadRequest } from "../types";
import { GeotabClient, type GeotabLogin } from "./client";

/** The client of a connection's reads, paced with the connection's other requests. */
export function geotabClient(request: LiveReadRequest): GeotabClient {
  return new GeotabClient(request.context.env, loginOf(request.credentials), request.context.pace);
}

/** The login of a connection's credentials (validated by credentialFields on creation). */
export function loginOf(credentials: Readonly<Record<string, string>>): GeotabLogin {
  const { username, password, database, server } = credentials;
  if (!username || !password || !database) {
    throw new ProviderError(
      "unauthorized",
      "Geotab: the connection's credentials lack a user name, password or database.",
    );
  }
  return { userName: username, password, database, ...(server ? { server } : {}) };
}
