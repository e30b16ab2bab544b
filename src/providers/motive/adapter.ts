import { ProviderError } from "../errors";
import type { ProviderAdapter } from "../types";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "./client";
import { mapCameraMedia, normalizeMotive } from "./mapping";
import { readMotivePage } from "./pages";
import { verifyMotive } from "./verify";

const LOGO = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#111827"/><path d="M14 46V18h7l11 15 11-15h7v28h-7V30L32 44 21 30v16z" fill="#fff"/></svg>',
)}`;

/**
 * Motive (formerly KeepTruckin), read with a company API key (providers.md section 2):
 * vehicles, drivers (users with the driver role), groups, ELD devices, per-vehicle per-day
 * utilization (vehicle utilization rollups plus IFTA trips for distance) and safety events
 * (driver performance events) with their camera media.
 */
export const motiveAdapter: ProviderAdapter = {
  code: "motive",
  name: "Motive",
  status: "live",
  environments: ["production", "sandbox"],
  logo: LOGO,
  icon: LOGO,
  credentialFields: [
    {
      name: "apiKey",
      label: "API key",
      type: "password",
      required: true,
      description:
        "A company API key, created by a fleet admin in the Motive dashboard (Admin → Developers → API Keys).",
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
  // providers.md 2.3: Motive publishes no per-key number, only 429s. Ten requests a second is a
  // conservative pace that a sync (one request at a time) and live camera media share.
  requestPace: { api: { requests: 10, perSeconds: 1 } },
  paceBucket: {
    vehicles: "api",
    drivers: "api",
    groups: "api",
    devices: "api",
    vehicleUtilization: "api",
    safetyEvents: "api",
    cameraMedia: "api",
  },
  verify(credentials, context) {
    return verifyMotive(credentials, context);
  },
  readPage(model, request) {
    return readMotivePage(model, request);
  },
  normalize(model, payload) {
    return normalizeMotive(model, payload);
  },
  /** The event read again (its signed links expire), with its media links. */
  async readCameraMedia(request, eventSourceId) {
    if (!/^\d{1,18}$/.test(eventSourceId)) {
      throw new ProviderError("malformed", `${PROVIDER}: ${JSON.stringify(eventSourceId)} is not a Motive event id.`);
    }
    const client = MotiveClient.of(request.context, request.credentials);
    let body: unknown;
    try {
      body = await client.get(`/v1/driver_performance_events/${eventSourceId}`, { media_required: true });
    } catch (error) {
      if (error instanceof MotiveForbiddenError) {
        throw new ProviderError("not_supported", `${error.message} The account may not read camera media.`);
      }
      throw error;
    }
    const payload =
      typeof body === "object" && body !== null
        ? (body as Record<string, unknown>).driver_performance_event
        : undefined;
    return { media: mapCameraMedia(payload), schema: "/v1/driver_performance_events/{id}", payload };
  },
};
