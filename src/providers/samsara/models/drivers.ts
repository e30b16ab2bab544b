import type { NormalizedDriver } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { nextAfter, PROVIDER } from "../client";
import type { SamsaraCursor } from "../cursor";
import { listLimit, next, samsaraPages } from "../listing";
import { splitName } from "../names";
import { samsaraDriver, samsaraListEnvelope } from "../payloads";
import { isoTime, optional, unique } from "../values";

/**
 * `GET /fleet/drivers`, active drivers then deactivated ones: Samsara lists only active drivers
 * unless asked. Paced per token (providers.md 1.3).
 */
export const samsaraDrivers: ProviderModel<"drivers"> = {
  pace: "token",
  read: samsaraPages("drivers", "samsara.fleet.drivers", async (client, input) => {
    const status = input.cursor?.status ?? "active";
    const body = await client.get(
      "/fleet/drivers",
      { driverActivationStatus: status, limit: listLimit(input.pageSize), after: input.cursor?.after },
      samsaraListEnvelope,
    );
    const after = nextAfter(body.pagination);
    const following: SamsaraCursor | undefined = after
      ? { model: "drivers", status, after }
      : status === "active"
        ? { model: "drivers", status: "deactivated" }
        : undefined;
    return { items: body.data, ...next(following) };
  }),
  normalize: mapDriver,
};

/** Names split by names.ts; a driver is inactive when deactivated (or, without a status, `isDeactivated`). */
export function mapDriver(payload: unknown): NormalizedDriver {
  const driver = parsePayload(PROVIDER, samsaraDriver, payload, "driver");
  const deactivated = driver.driverActivationStatus
    ? driver.driverActivationStatus === "deactivated"
    : driver.isDeactivated === true;
  const licenseState = nonBlank(driver.licenseState);
  const licenseNumber = nonBlank(driver.licenseNumber);
  return {
    sourceId: driver.id,
    status: deactivated ? "inactive" : "active",
    ...splitName(driver.name),
    ...optional("phone", nonBlank(driver.phone)),
    ...optional("username", nonBlank(driver.username)),
    ...(licenseState || licenseNumber
      ? { license: { ...optional("state", licenseState), ...optional("number", licenseNumber) } }
      : {}),
    groupSourceIds: unique((driver.tags ?? []).map((tag) => tag.id)),
    ...optional("createdAt", isoTime(driver.createdAtTime)),
    ...optional("updatedAt", isoTime(driver.updatedAtTime)),
  };
}
