import type { NormalizedLocationBatch } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readReport } from "../listing";
import { ENDPOINTS } from "../pace";
import { azugaBreadcrumb } from "../payloads";
import { headingOf, isoOfMs, km } from "../values";

/**
 * Breadcrumbs are the breadcrumb report, `POST reports/v3/reports/breadcrumb` over the window,
 * the whole fleet's points oldest first, paged by `index`/`size`.
 */
export const azugaVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: ENDPOINTS.breadcrumbReport,
  read: (request) =>
    readReport(request, {
      model: "vehicleLocations",
      bucket: ENDPOINTS.breadcrumbReport,
      report: "breadcrumb",
      keep: (row, from, to) => {
        const at = (row as { eventTime?: unknown } | null)?.eventTime;
        return typeof at !== "number" || (at >= from && at < to);
      },
    }),
  normalize: mapBreadcrumb,
};

/** One point as a batch of one: position, time (epoch ms), speed (km/h), heading, address, driver. */
export function mapBreadcrumb(payload: unknown): NormalizedLocationBatch {
  const point = parsePayload(PROVIDER, azugaBreadcrumb, payload, "breadcrumb");
  const heading = headingOf(point.heading);
  const speed = km(point.speed);
  const address = nonBlank(point.address);
  return {
    vehicleSourceId: point.vehicleId,
    points: [
      {
        locatedAt: isoOfMs(point.eventTime),
        location: { latitude: point.latitude, longitude: point.longitude },
        ...(heading !== undefined ? { heading } : {}),
        ...(speed !== undefined ? { speed } : {}),
        ...(address !== undefined ? { address } : {}),
        ...(point.driverId ? { driverSourceId: point.driverId } : {}),
      },
    ],
  };
}
