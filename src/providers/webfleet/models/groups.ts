import type { NormalizedGroup } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER, webfleetClient } from "../client";
import { ACTIONS } from "../pace";
import { objectGroupRow } from "../payloads";

/**
 * Groups are the object groups of `showObjectGroups` (10 a minute), listed whole. Webfleet's
 * groups are flat and known by their name (the actions filter by `objectgroupname`), so the name
 * is the source id and no group has a parent.
 */
export const webfleetGroups: ProviderModel<"groups"> = {
  pace: ACTIONS.groups,
  read: async (request) => ({
    items: await webfleetClient(request).rows(ACTIONS.groups),
    schema: `webfleet.${ACTIONS.groups}`,
  }),
  normalize: mapGroup,
};

export function mapGroup(payload: unknown): NormalizedGroup {
  const row = parsePayload(PROVIDER, objectGroupRow, payload, ACTIONS.groups);
  return { sourceId: row.objectgroupname, name: row.objectgroupname };
}
