import type { NormalizedDriver } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { GpsInsightClient, PROVIDER } from "../client";
import { gpsInsightDriver } from "../payloads";

/** Drivers are `driver/list`, whole (GPS Insight pages nothing). */
export const gpsInsightDrivers: ProviderModel<"drivers"> = {
  pace: "calls",
  read: async (request) => ({ items: await GpsInsightClient.of(request).list("driver/list"), schema: "driver/list" }),
  normalize: mapDriver,
};

/** A driver: names, email and phone are all the list has (no status: every listed driver is active). */
export function mapDriver(payload: unknown): NormalizedDriver {
  const driver = parsePayload(PROVIDER, gpsInsightDriver, payload, "driver");
  const fields = {
    firstName: nonBlank(driver.firstname),
    lastName: nonBlank(driver.lastname),
    email: nonBlank(driver.email),
    phone: nonBlank(driver.phone),
  };
  return {
    sourceId: driver.id,
    status: "active",
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    groupSourceIds: [],
  };
}
