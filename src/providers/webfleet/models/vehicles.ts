import type { NormalizedVehicle } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { PROVIDER, webfleetClient } from "../client";
import { ACTIONS } from "../pace";
import { groupObjectRow, objectRow } from "../payloads";
import { textOf } from "../values";

/**
 * Vehicles are the objects of `showObjectReportExtern` (6 a minute), listed whole: the action has
 * no paging. The report carries no VIN, plate or make: only the object's number, name and stable
 * uid (the source id); its groups come from `showObjectGroupObjects`, added to each row as
 * `objectgroups` (the group names).
 */
export const webfleetVehicles: ProviderModel<"vehicles"> = {
  pace: ACTIONS.objects,
  read: readVehicles,
  normalize: mapVehicle,
};

async function readVehicles(request: ReadRequest): Promise<ProviderPage> {
  const page = await readObjects(request, () => true);
  const memberships = await webfleetClient(request).rows(ACTIONS.groupObjects);
  const groups = new Map<string, string[]>();
  for (const row of memberships) {
    const parsed = groupObjectRow.safeParse(row);
    if (!parsed.success) continue;
    const names = groups.get(parsed.data.objectuid) ?? [];
    if (!names.includes(parsed.data.objectgroupname)) names.push(parsed.data.objectgroupname);
    groups.set(parsed.data.objectuid, names);
  }
  const items = page.items.map((item) => {
    const uid = (item as { objectuid?: unknown } | null)?.objectuid;
    return typeof uid === "string" && item !== null && typeof item === "object"
      ? { ...item, objectgroups: groups.get(uid) ?? [] }
      : item;
  });
  return { ...page, items };
}

/** Every object row (those `keep` accepts), in one page. */
export async function readObjects(request: ReadRequest, keep: (row: unknown) => boolean): Promise<ProviderPage> {
  const rows = await webfleetClient(request).rows(ACTIONS.objects);
  return { items: rows.filter(keep), schema: `webfleet.${ACTIONS.objects}` };
}

/** Webfleet lists an object while it is on the account: every listed one is active. */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const row = parsePayload(PROVIDER, objectRow, payload, ACTIONS.objects);
  return {
    sourceId: row.objectuid,
    status: "active",
    name: textOf(row.objectname) ?? row.objectno,
    groupSourceIds: row.objectgroups ?? [],
    deviceSourceIds: [],
  };
}
