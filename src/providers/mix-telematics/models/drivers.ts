import type { NormalizedDriver } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MixClient, PROVIDER } from "../client";
import { listOf, organisationId } from "../organisation";
import { mixDriver } from "../payloads";
import { present } from "../values";

const SCHEMA = "api/drivers/organisation/{organisationId}";

/** `GET api/drivers/organisation/{organisationId}`: the organisation's drivers, whole; MiX's system driver ("unknown driver") left out. */
export const mixDrivers: ProviderModel<"drivers"> = { pace: "api", read: readDrivers, normalize: mapDriver };

async function readDrivers(request: ReadRequest): Promise<ProviderPage> {
  const client = MixClient.of(request.context, request.credentials);
  const path = `api/drivers/organisation/${await organisationId(client, request.connection.id)}`;
  const items = listOf(await client.get(path), path).filter(
    (driver) => mixDriver.safeParse(driver).data?.IsSystemDriver !== true,
  );
  return { items, schema: SCHEMA };
}

/**
 * A driver: MiX has one `Name`, split at its first space into first and last names (a single
 * word is the first name); `SiteId` is its group, `MobileNumber` its phone. MiX's driver has no
 * status nor licence.
 */
export function mapDriver(payload: unknown): NormalizedDriver {
  const driver = parsePayload(PROVIDER, mixDriver, payload, "driver");
  const name = driver.Name?.trim().replace(/\s+/g, " ") ?? "";
  const space = name.indexOf(" ");
  const [first, last] = space < 0 ? [name, ""] : [name.slice(0, space), name.slice(space + 1)];
  return {
    sourceId: driver.DriverId,
    status: "active",
    ...present("firstName", first),
    ...present("lastName", last),
    ...present("email", driver.Email),
    ...present("phone", driver.MobileNumber),
    groupSourceIds: driver.SiteId ? [driver.SiteId] : [],
  };
}
