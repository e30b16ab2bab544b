import type { z } from "@hono/zod-openapi";
import { type GroupRecord, presentExpandedGroup } from "../groups/expanded";
import { presentRaw, reference } from "../kit/present";
import { type DriverRecord, presentExpandedDriver } from "./expanded";
import type { DriverSchema } from "./schema";

/** A driver (contract 2.5); `groups` loaded (for `expand`) turns the ids into group objects. */
export function presentDriver(
  row: DriverRecord,
  options: { raw?: boolean; expanded?: { groups?: ReadonlyMap<string, GroupRecord> } } = {},
): z.infer<typeof DriverSchema> {
  return {
    ...presentExpandedDriver(row),
    groups: row.groupIds.map((id) => reference(id, options.expanded?.groups, presentExpandedGroup)),
    ...presentRaw(options.raw, row.raw),
  };
}
