import type { NormalizedGroup } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { entityListing, sandboxListing } from "../listing";
import { PROVIDER, sandboxTag } from "../payloads";

/** `GET /tags`: the sandbox's groups. */
export const sandboxGroups: ProviderModel<"groups"> = {
  pace: NOT_PACED,
  read: sandboxListing("groups", (fleet) =>
    entityListing("sandbox.tags.list", fleet.tags.length, (cell) => [fleet.tags[cell]]),
  ),
  normalize: mapGroup,
};

export function mapGroup(payload: unknown): NormalizedGroup {
  const tag = parsePayload(PROVIDER, sandboxTag, payload, "tag");
  return {
    sourceId: tag.id,
    name: tag.name,
    ...(tag.description !== undefined ? { description: tag.description } : {}),
    ...(tag.parentId !== undefined ? { parentSourceId: tag.parentId } : {}),
    createdAt: tag.createdAt,
    updatedAt: tag.updatedAt,
  };
}
