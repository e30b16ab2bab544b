import { drivers } from "../drivers/table";
import type { Reads } from "../kit/reads";
import { listComputedClocks } from "./computed-clocks";
import { presentAvailableTime } from "./present";
import { listProviderClocks } from "./provider-clocks";
import type { AvailableTimeFilters, AvailableTimeRow } from "./rows";
import { HosAvailableTimeSchema } from "./schema";

const expand = { driver: { table: drivers, ids: (row: AvailableTimeRow) => [row.id] } };

/** Drivers' clocks, in driver id order: the provider's as last read live, or computed now from the logs. */
export const availableTimeReads: Reads<
  AvailableTimeRow,
  AvailableTimeFilters,
  typeof expand,
  typeof HosAvailableTimeSchema
> = {
  table: "drivers",
  schema: HosAvailableTimeSchema,
  async list(db, connectionId, filters, page) {
    const read = filters.source === "provider" ? listProviderClocks : listComputedClocks;
    return (await read(db, connectionId, filters, page)).map((row) => ({ ok: true, row }));
  },
  keyOf: (row) => [row.id],
  expand,
  present: presentAvailableTime,
};
