import { DomainError, invalidInput } from "../../errors";
import { ProviderError } from "../errors";
import type { ProviderAdapter, ReadRequest } from "../types";
import { GeotabClient, GeotabInvalidUser, type GeotabLogin, GeotabServerRejected } from "./client";
import { normalizeGeotab } from "./mapping";
import { readGeotabPage } from "./pages";
import { geotabUser } from "./payloads";

const LOGO = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#25477b"/><path d="M44 22a16 16 0 1 0 4 12H33v-6h21" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/></svg>',
)}`;

/**
 * Geotab (MyGeotab): JSON-RPC over `POST <server>/apiv1`, a session from Authenticate (cached
 * per isolate, see sessions.ts) and server federation. Vehicles are Devices, drivers are Users
 * with `isDriver`, groups the organization's group tree, devices the GO device behind each
 * vehicle, utilization the daily sum of Trips plus the fuel counter's StatusData, safety events
 * the ExceptionEvents of Geotab's stock safety rules. Camera media is not in the MyGeotab API.
 */
export const geotabAdapter: ProviderAdapter = {
  code: "geotab",
  name: "Geotab",
  status: "live",
  environments: ["production", "sandbox"],
  logo: LOGO,
  icon: LOGO,
  credentialFields: [
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      description: "The MyGeotab user name, usually an email address.",
    },
    { name: "password", label: "Password", type: "password", required: true },
    {
      name: "database",
      label: "Database",
      type: "text",
      required: true,
      description: "The MyGeotab database (company) name, as in my.geotab.com/<database>.",
    },
    {
      name: "server",
      label: "Server",
      type: "text",
      required: false,
      description: "The MyGeotab server, such as my.geotab.com (the default); MyGeotab redirects to the right one.",
    },
  ],
  supportedModels: {
    vehicles: "supported",
    drivers: "supported",
    groups: "supported",
    devices: "supported",
    vehicleUtilization: "supported",
    safetyEvents: "supported",
    cameraMedia: "not_supported_by_provider",
  },
  // providers.md 3.3: Authenticate is limited to 10 a minute per user (sessions are reused, so
  // it is rare); Get and ExecuteMultiCall have no published number: ten calls a second is a
  // conservative pace.
  requestPace: {
    authenticate: { requests: 10, perSeconds: 60 },
    calls: { requests: 10, perSeconds: 1 },
  },
  paceBucket: {
    vehicles: "calls",
    drivers: "calls",
    groups: "calls",
    devices: "calls",
    vehicleUtilization: "calls",
    safetyEvents: "calls",
    cameraMedia: "calls",
  },
  async verify(credentials, { env }) {
    let client: GeotabClient;
    try {
      client = new GeotabClient(env, loginOf(credentials));
    } catch (error) {
      if (error instanceof GeotabServerRejected) {
        throw invalidInput(
          error.message,
          "{requestBody}.credentials.server",
          "Use a MyGeotab server such as my.geotab.com.",
        );
      }
      throw error;
    }
    let session: Awaited<ReturnType<GeotabClient["authenticate"]>>;
    try {
      session = await client.authenticate();
    } catch (error) {
      if (error instanceof GeotabInvalidUser) {
        throw new DomainError("invalid_credentials", "MyGeotab rejected the user name, password or database.");
      }
      throw error;
    }
    const { database, userName } = session.credentials;
    const [found] = await client.get("User", { search: { name: userName }, resultsLimit: 1 });
    const user = geotabUser.safeParse(found);
    return {
      sourceId: database,
      account: {
        name: database,
        dotNumbers: [],
        user: user.success
          ? {
              sourceId: user.data.id,
              ...(user.data.firstName ? { firstName: user.data.firstName } : {}),
              ...(user.data.lastName ? { lastName: user.data.lastName } : {}),
              ...(user.data.name.includes("@") ? { email: user.data.name } : {}),
            }
          : { ...(userName.includes("@") ? { email: userName } : {}) },
      },
    };
  },
  async readPage(model, request) {
    return readGeotabPage(clientOf(request), model, request);
  },
  normalize(model, payload) {
    return normalizeGeotab(model, payload);
  },
  async readCameraMedia() {
    throw new ProviderError(
      "not_supported",
      "Geotab: the MyGeotab API has no camera media per safety event (cameras are partner integrations).",
    );
  },
};

function clientOf(request: Omit<ReadRequest, "cursor" | "window">): GeotabClient {
  return new GeotabClient(request.context.env, loginOf(request.credentials), request.context.pace);
}

/** The login of a connection's credentials (validated by credentialFields on creation). */
function loginOf(credentials: Readonly<Record<string, string>>): GeotabLogin {
  const { username, password, database, server } = credentials;
  if (!username || !password || !database) {
    throw new ProviderError(
      "unauthorized",
      "Geotab: the connection's credentials lack a user name, password or database.",
    );
  }
  return { userName: username, password, database, ...(server ? { server } : {}) };
}
