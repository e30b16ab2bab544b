import type { NormalizedDriver } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readList } from "../listing";
import { ENDPOINTS } from "../pace";
import { azugaUser } from "../payloads";

/** Drivers are the users of type driver, `POST /users.json?userType=driver&limit&offset`. */
export const azugaDrivers: ProviderModel<"drivers"> = {
  pace: ENDPOINTS.users,
  read: (request) =>
    readList(request, {
      model: "drivers",
      bucket: ENDPOINTS.users,
      path: "/users.json",
      query: { userType: "driver" },
    }),
  normalize: mapDriver,
};

/** A driver: names, email, `primaryContactNumber`, licence. The list has no status: every listed driver is active. */
export function mapDriver(payload: unknown): NormalizedDriver {
  const user = parsePayload(PROVIDER, azugaUser, payload, "user");
  const licenseNumber = nonBlank(user.licenseNumber);
  const licenseState = nonBlank(user.licenseState);
  const fields = {
    firstName: nonBlank(user.firstName),
    lastName: nonBlank(user.lastName),
    email: nonBlank(user.email),
    phone: nonBlank(user.primaryContactNumber),
    username: nonBlank(user.userName),
  };
  return {
    sourceId: user.id,
    status: "active",
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(licenseNumber !== undefined || licenseState !== undefined
      ? {
          license: {
            ...(licenseState !== undefined ? { state: licenseState } : {}),
            ...(licenseNumber !== undefined ? { number: licenseNumber } : {}),
          },
        }
      : {}),
    groupSourceIds: [],
  };
}
