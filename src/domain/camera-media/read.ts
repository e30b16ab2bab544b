import type { ServiceContext } from "../../context";
import type { ConnectionRow } from "../../db/schema";
import { DomainError } from "../../errors";
import type { SafetyEventRow } from "../../families/safety-events/table";
import { ProviderError } from "../../providers/errors";
import { findProvider } from "../../providers/registry";
import type { CameraMediaPage } from "../../providers/types";
import { providerPacer } from "../../sync/provider-pacer";
import { liveReadCredentials } from "../connections/live-credentials";

/**
 * Reads a safety event's camera media live from the provider: media URLs expire, so they
 * are never stored. Needs a connected connection; provider failures surface as
 * ProviderError, which the HTTP layer maps in one place.
 */
export async function readCameraMedia(
  ctx: Pick<ServiceContext, "env">,
  connection: ConnectionRow,
  event: Pick<SafetyEventRow, "sourceId">,
): Promise<CameraMediaPage> {
  if (connection.status !== "connected") {
    throw new DomainError(
      "connection_disconnected",
      `Camera media is read live from the provider, which needs a connected connection; this one is ${connection.status}.`,
    );
  }
  if (connection.credentialsEncrypted === null) {
    throw new DomainError("connection_disconnected", "The connection has no provider credentials; reconnect it.");
  }
  const adapter = findProvider(connection.provider);
  if (adapter === undefined || adapter.supportedModels.cameraMedia !== "supported") {
    throw new ProviderError("not_supported", `The provider ${connection.provider} does not serve camera media.`);
  }
  return adapter.readCameraMedia(
    {
      // Paced with the connection's sync requests: they share the provider's limits.
      context: { env: ctx.env, pace: providerPacer(ctx.env, connection.id, adapter, "cameraMedia") },
      credentials: await liveReadCredentials(ctx.env, connection),
      options: connection.options,
      connection: { id: connection.id, sourceId: connection.sourceId, createdAt: connection.createdAt },
      pageSize: 1,
    },
    event.sourceId,
  );
}
