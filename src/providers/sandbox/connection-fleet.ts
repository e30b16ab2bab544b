import type { LiveReadRequest } from "../types";
import { rejectRevokedCredentials } from "./credentials";
import { injectFaults } from "./faults";
import { SandboxFleet } from "./fleet";
import { parseSandboxOptions, resolveRevision, type SandboxOptions } from "./options";
import { sandboxRuntime } from "./runtime";

/**
 * What every read of the sandbox starts with, as a real provider's would: the credentials
 * checked, the connection's options read, the faults it asks for injected. Then the fleet to
 * read, at the revision a cursor pinned or the connection's current one.
 */
export function openSandbox(request: LiveReadRequest): {
  options: SandboxOptions;
  fleetAt(revision?: number): SandboxFleet;
} {
  rejectRevokedCredentials(request.credentials);
  const options = parseSandboxOptions(request.options);
  injectFaults(options.faults);
  return { options, fleetAt: (revision) => fleetOf(request, options, revision) };
}

/**
 * The connection's fleet at a revision. The seed is the account (verify's source id, else the
 * username), so reconnecting the same account reaches the same fleet.
 */
function fleetOf(request: LiveReadRequest, options: SandboxOptions, revision?: number): SandboxFleet {
  const { connection, credentials } = request;
  return new SandboxFleet({
    seed: connection.sourceId || credentials.username || connection.id,
    fleetSize: options.fleetSize,
    connectionCreatedAt: connection.createdAt,
    revision: revision ?? resolveRevision(options, connection.createdAt, sandboxRuntime.now()),
  });
}
