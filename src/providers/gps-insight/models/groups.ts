import type { NormalizedGroup } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { GpsInsightClient, PROVIDER } from "../client";
import { gpsInsightVehicleGroup } from "../payloads";
import { groupsOf, vehiclePage } from "../vehicle-groups";
import { vehicleIds } from "../vehicle-ids";

/**
 * Groups are the vehicle groups the vehicles are in (`vehicle/listvehiclegroups`, vehicle by
 * vehicle): the API v2 documents no listing of the groups themselves (`vehiclegroup/list` is
 * "to follow"), nor their hierarchy. A group met again on a later page is the same record.
 */
export const gpsInsightGroups: ProviderModel<"groups"> = {
  pace: "calls",
  read: readGroups,
  normalize: mapGroup,
};

async function readGroups(request: ReadRequest): Promise<ProviderPage> {
  const client = GpsInsightClient.of(request);
  const ids = (await vehicleIds(client, request.connection.id)).map((id) => ({ id }));
  const { page, nextCursor } = vehiclePage(request, "groups", ids);
  const seen = new Set<string>();
  const items: unknown[] = [];
  for (const { id } of page) {
    for (const group of await groupsOf(client, id)) {
      const groupId = (group as { group_id?: unknown } | null)?.group_id;
      const key = groupId === undefined ? JSON.stringify(group) : String(groupId);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(group);
    }
  }
  return { items, schema: "vehicle/listvehiclegroups", ...(nextCursor ? { nextCursor } : {}) };
}

/** A group: its id and label (no description, parent or times in the API). */
export function mapGroup(payload: unknown): NormalizedGroup {
  const group = parsePayload(PROVIDER, gpsInsightVehicleGroup, payload, "vehicle group");
  return { sourceId: group.group_id, name: nonBlank(group.label) ?? group.group_id };
}
