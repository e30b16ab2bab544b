import type { NormalizedDriver } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readFeed } from "../feed";
import { geotabClient } from "../login";
import { geotabUser } from "../payloads";
import { activeFrom, groupIds, registration, statusOf } from "../values";

/** Drivers are the Users with `isDriver` (the GetFeed of User), in MyGeotab's one pace for calls (providers.md 3.3). */
export const geotabDrivers: ProviderModel<"drivers"> = {
  pace: "calls",
  read: (request) =>
    readFeed(
      geotabClient(request),
      "drivers",
      "User",
      request,
      (user) => (user as { isDriver?: unknown } | null)?.isDriver === true,
    ),
  normalize: mapDriver,
};

export function mapDriver(payload: unknown): NormalizedDriver {
  const user = parsePayload(PROVIDER, geotabUser, payload, "User");
  const firstName = nonBlank(user.firstName);
  const lastName = nonBlank(user.lastName);
  const phone = phoneOf(user.phoneNumber);
  const license = registration(user.licenseProvince, user.licenseNumber);
  const createdAt = activeFrom(user.activeFrom);
  return {
    sourceId: user.id,
    status: statusOf(user.activeTo),
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    // The login name is usually the user's email address, and Geotab has no other email field.
    ...(isEmail(user.name) ? { email: user.name } : {}),
    ...(phone !== undefined ? { phone } : {}),
    username: user.name,
    ...(license ? { license } : {}),
    // Driver groups (the groups the user drives for), then organization groups (the user's data scope).
    groupSourceIds: groupIds([...(user.driverGroups ?? []), ...(user.companyGroups ?? [])]),
    ...(createdAt !== undefined ? { createdAt } : {}),
  };
}

/** Geotab keeps phone numbers as typed (`+1 5125550143`, `(512) 555-0143`): the formatting goes, the digits stay. */
function phoneOf(value: string | undefined): string | undefined {
  const phone = nonBlank(value)?.replace(/[\s().-]/g, "");
  return phone ? phone : undefined;
}

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
