import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { getGroupRoute } from "./get";
import { listGroupsRoute } from "./list";
import { groupReads } from "./read";
import { groups } from "./table";
import { writeGroups } from "./write";

export const groupsFamily = {
  model: "groups",
  table: groups,
  write: writeGroups,
  fullyListed: true,
  tag: { name: "Groups", description: "The connection's groups of vehicles and drivers." },
  delivery: syncedDelivery(groupReads),
  routes: { list: listGroupsRoute, get: getGroupRoute },
} satisfies Family<"groups">;
