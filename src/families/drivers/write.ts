import { recordIds } from "../../lib/record-ids";
import type { NormalizedDriver } from "../../model/normalized";
import { type Item, jsonOrNull, toMs, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = [
  "status",
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "phone",
  "username",
  "license",
  "group_ids",
  "source_created_at",
  "source_updated_at",
];

/** Writes a page of drivers, then refreshes their visibility under the connection's driver filters. */
export function writeDrivers(context: WriteContext, items: Item<NormalizedDriver>[]) {
  const target = { table: "drivers", kind: "driver", columns: COLUMNS, filteredBy: "drivers" } as const;
  return writeRecords(context, target, items, async (driver) => [
    driver.status,
    driver.firstName ?? null,
    driver.middleName ?? null,
    driver.lastName ?? null,
    driver.email ?? null,
    driver.phone ?? null,
    driver.username ?? null,
    jsonOrNull(driver.license),
    JSON.stringify(await recordIds(context.connection, "group", driver.groupSourceIds)),
    toMs(driver.createdAt),
    toMs(driver.updatedAt),
  ]);
}
