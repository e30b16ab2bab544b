import type { NormalizedDriver } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { entityListing, present, sandboxListing } from "../listing";
import { PROVIDER, sandboxDriver } from "../payloads";

/** `GET /drivers`: one cell per driver slot. */
export const sandboxDrivers: ProviderModel<"drivers"> = {
  pace: NOT_PACED,
  read: sandboxListing("drivers", (fleet) =>
    entityListing("sandbox.drivers.list", fleet.drivers.slots, (slot) => present(fleet.driverInSlot(slot))),
  ),
  normalize: mapDriver,
};

export function mapDriver(payload: unknown): NormalizedDriver {
  const driver = parsePayload(PROVIDER, sandboxDriver, payload, "driver");
  return {
    sourceId: driver.id,
    status: driver.active ? "active" : "inactive",
    firstName: driver.name.first,
    ...(driver.name.middle !== undefined ? { middleName: driver.name.middle } : {}),
    lastName: driver.name.last,
    email: driver.email,
    phone: driver.phone,
    username: driver.login,
    license: { state: driver.licence.region, number: driver.licence.number },
    groupSourceIds: [...driver.tagIds],
    createdAt: driver.createdAt,
    updatedAt: driver.updatedAt,
  };
}
