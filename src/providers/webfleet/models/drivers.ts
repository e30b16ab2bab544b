import type { NormalizedDriver } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER, webfleetClient } from "../client";
import { ACTIONS } from "../pace";
import { driverRow } from "../payloads";
import { textOf } from "../values";

/** Drivers are the rows of `showDriverReportExtern` (10 a minute), listed whole (no paging). */
export const webfleetDrivers: ProviderModel<"drivers"> = {
  pace: ACTIONS.drivers,
  read: async (request) => ({
    items: await webfleetClient(request).rows(ACTIONS.drivers),
    schema: `webfleet.${ACTIONS.drivers}`,
  }),
  normalize: mapDriver,
};

/**
 * A driver, keyed by its stable `driveruid`. Webfleet keeps one name (`name1`): its first word
 * is the first name, the rest the last name. The driver number is the user-facing id, kept as
 * the username.
 */
export function mapDriver(payload: unknown): NormalizedDriver {
  const row = parsePayload(PROVIDER, driverRow, payload, ACTIONS.drivers);
  const [first, ...rest] = (textOf(row.name1) ?? "").split(/\s+/);
  const email = textOf(row.email);
  const phone = (textOf(row.telmobile) ?? textOf(row.telprivate))?.replace(/[\s().-]/g, "");
  return {
    sourceId: row.driveruid,
    status: "active",
    ...(first ? { firstName: first } : {}),
    ...(rest.length > 0 ? { lastName: rest.join(" ") } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(phone ? { phone } : {}),
    username: row.driverno,
    groupSourceIds: [],
  };
}
