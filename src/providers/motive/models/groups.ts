import type { NormalizedGroup } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { motiveListing } from "../listing";
import { motiveGroup } from "../payloads";

/** `GET /v1/groups`, at the adapter's one conservative pace (providers.md 2.3). */
export const motiveGroups: ProviderModel<"groups"> = {
  pace: "api",
  read: motiveListing({ path: "/v1/groups", list: "groups", item: "group", what: "groups", essential: false }),
  normalize: mapGroup,
};

/** A group; Motive's groups carry no creation or update time, so the group has neither. */
export function mapGroup(payload: unknown): NormalizedGroup {
  const group = parsePayload(PROVIDER, motiveGroup, payload, "group");
  return {
    sourceId: String(group.id),
    name: group.name,
    ...(group.parent_id != null ? { parentSourceId: String(group.parent_id) } : {}),
  };
}
