import type { NormalizedDriver } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { motiveListing } from "../listing";
import { motiveUser } from "../payloads";
import { licence, present, timestamps } from "../values";

/** Drivers are the users with the driver role (`GET /v1/users?role=driver`), at the adapter's one pace (providers.md 2.3). */
export const motiveDrivers: ProviderModel<"drivers"> = {
  pace: "api",
  read: motiveListing({
    path: "/v1/users",
    list: "users",
    item: "user",
    query: { role: "driver" },
    what: "drivers (users)",
    essential: true,
  }),
  normalize: mapDriver,
};

/** Group membership of users is only listed per group (`/v1/groups/{id}/users`), so it is not read. */
export function mapDriver(payload: unknown): NormalizedDriver {
  const user = parsePayload(PROVIDER, motiveUser, payload, "user");
  if (user.role !== "driver") {
    throw new ProviderError("malformed", `Motive: user ${user.id} is a ${user.role}, not a driver.`);
  }
  const license = licence(user.drivers_license_state, user.drivers_license_number);
  return {
    sourceId: String(user.id),
    status: user.status === "active" ? "active" : "inactive",
    ...present("firstName", user.first_name),
    ...present("lastName", user.last_name),
    ...present("email", user.email),
    ...present("phone", user.phone),
    ...present("username", user.username),
    ...(license ? { license } : {}),
    groupSourceIds: [],
    ...timestamps(user),
  };
}
