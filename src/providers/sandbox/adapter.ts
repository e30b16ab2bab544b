import { DomainError } from "../../errors";
import { hashSecret } from "../../lib/crypto";
import { ProviderError } from "../errors";
import type { ProviderAdapter, ReadRequest } from "../types";
import { decodeSandboxCursor } from "./cursor";
import { injectFaults } from "./faults";
import { SandboxFleet } from "./fleet";
import { mapEventMedia, normalizeSandbox } from "./mapping";
import { readEventMedia } from "./media";
import { parseSandboxOptions, resolveRevision, type SandboxOptions } from "./options";
import { readSandboxPage } from "./pages";
import { sandboxRuntime } from "./runtime";

/**
 * The password the sandbox provider rejects, so that `invalid_credentials` can be exercised.
 * Any other username and password are accepted.
 */
export const SANDBOX_REJECTED_PASSWORD = "invalid";

const LOGO = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0f766e"/><path d="M14 40h36v6H14zM18 22h28l4 14H14z" fill="#fff"/></svg>',
)}`;

/** The test provider of the sandbox environment: a deterministic synthetic fleet. */
export const sandboxAdapter: ProviderAdapter = {
  code: "sandbox",
  name: "Sandbox",
  status: "sandbox",
  environments: ["sandbox"],
  logo: LOGO,
  icon: LOGO,
  credentialFields: [
    { name: "username", label: "Username", type: "text", required: true, description: "Any username." },
    {
      name: "password",
      label: "Password",
      type: "password",
      required: true,
      description: `Any password except \`${SANDBOX_REJECTED_PASSWORD}\`, which the provider rejects.`,
    },
  ],
  supportedModels: {
    vehicles: "supported",
    drivers: "supported",
    groups: "supported",
    devices: "supported",
    vehicleUtilization: "supported",
    safetyEvents: "supported",
    cameraMedia: "supported",
  },
  // The sandbox answers from memory: there is no provider to pace.
  requestPace: {},
  paceBucket: {
    vehicles: "none",
    drivers: "none",
    groups: "none",
    devices: "none",
    vehicleUtilization: "none",
    safetyEvents: "none",
    cameraMedia: "none",
  },
  async verify(credentials) {
    if (credentials.password === SANDBOX_REJECTED_PASSWORD) {
      throw new DomainError("invalid_credentials", "The sandbox provider rejected the username or password.");
    }
    const username = credentials.username ?? "";
    // The account id is derived from the username, so the same credentials always reach the same fleet.
    const sourceId = `sbx-${(await hashSecret(`sandbox-account:${username}`)).slice(0, 12)}`;
    return {
      sourceId,
      account: {
        name: `Sandbox Fleet (${username})`,
        dotNumbers: ["1234567"],
        user: { sourceId: `${sourceId}-user`, firstName: "Sandbox", lastName: "Admin", email: "admin@sandbox.example" },
      },
    };
  },
  async readPage(model, request) {
    rejectRevokedCredentials(request.credentials);
    const options = parseSandboxOptions(request.options);
    injectFaults(options.faults);
    const cursor = request.cursor === undefined ? undefined : decodeSandboxCursor(request.cursor, model);
    // A cursor keeps the revision of the listing's first page: one snapshot per listing.
    const fleet = fleetOf(request, options, cursor?.revision);
    return readSandboxPage(fleet, model, {
      pageSize: request.pageSize,
      ...(request.window ? { window: request.window } : {}),
      ...(cursor ? { cursor } : {}),
      issues: options.issues,
    });
  },
  normalize(model, payload) {
    return normalizeSandbox(model, payload);
  },
  async readCameraMedia(request, eventSourceId) {
    rejectRevokedCredentials(request.credentials);
    const options = parseSandboxOptions(request.options);
    injectFaults(options.faults);
    const payload = readEventMedia(fleetOf(request, options), eventSourceId, sandboxRuntime.now());
    return { media: mapEventMedia(payload), schema: "sandbox.safety_events.media", payload };
  },
};

/**
 * Like a real provider whose token was revoked after the connection was made: credentials
 * with the rejected password answer every read with 401, so that the engine's handling of
 * credentials that stop working (the connection is disconnected) can be exercised.
 */
function rejectRevokedCredentials(credentials: Readonly<Record<string, string>>): void {
  if (credentials.password === SANDBOX_REJECTED_PASSWORD) {
    throw new ProviderError("unauthorized", "The sandbox provider rejected the credentials (401).");
  }
}

/**
 * The connection's fleet at a revision. The seed is the account (verify's source id, else the
 * username), so reconnecting the same account reaches the same fleet.
 */
function fleetOf(
  request: Omit<ReadRequest, "cursor" | "window">,
  options: SandboxOptions,
  revision?: number,
): SandboxFleet {
  const { connection, credentials } = request;
  return new SandboxFleet({
    seed: connection.sourceId || credentials.username || connection.id,
    fleetSize: options.fleetSize,
    connectionCreatedAt: connection.createdAt,
    revision: revision ?? resolveRevision(options, connection.createdAt, sandboxRuntime.now()),
  });
}
