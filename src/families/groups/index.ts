import type { Family } from "../family";
import { listGroupsRoute } from "./list";
import { groups } from "./table";
import { writeGroups } from "./write";

export const groupsFamily = {
  model: "groups",
  table: groups,
  write: writeGroups,
  fullyListed: true,
  tag: { name: "Groups", description: "The connection's groups of vehicles and drivers." },
  routes: { list: listGroupsRoute },
} satisfies Family<"groups">;
