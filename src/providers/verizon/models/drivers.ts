import type { NormalizedDriver } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { verizonIso } from "../dates";
import { wholeListing } from "../listing";
import { verizonDriverItem } from "../payloads";
import { present } from "../values";

/**
 * `GET /cmd/v1/drivers`: a bare array whose elements wrap each driver beside its links
 * (`{ Driver, Links }`). The element is kept whole as the raw payload.
 */
export const verizonDrivers: ProviderModel<"drivers"> = {
  pace: "api",
  read: wholeListing("/cmd/v1/drivers"),
  normalize: mapDriver,
};

/**
 * A driver: its number is its id (segments and locations name drivers by it). Verizon's driver
 * has no status, groups, licence nor user name; `CreatedDateUTC` is UTC without a zone.
 */
export function mapDriver(payload: unknown): NormalizedDriver {
  const { Driver: driver } = parsePayload(PROVIDER, verizonDriverItem, payload, "driver");
  const created = driver.CreatedDateUTC ? verizonIso(driver.CreatedDateUTC) : undefined;
  return {
    sourceId: driver.DriverNumber,
    status: "active",
    ...present("firstName", driver.FirstName),
    ...present("lastName", driver.LastName),
    ...present("email", driver.EmailAddress),
    ...present("phone", driver.PhoneNumber),
    groupSourceIds: [],
    ...(created ? { createdAt: created } : {}),
  };
}
