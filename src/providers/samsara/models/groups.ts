import type { NormalizedGroup } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { samsaraList } from "../listing";
import { samsaraTag } from "../payloads";

/** Samsara's groups are its tags (`GET /tags`), paced per token (providers.md 1.3). */
export const samsaraGroups: ProviderModel<"groups"> = {
  pace: "token",
  read: samsaraList("groups", "samsara.tags", "/tags"),
  normalize: mapTag,
};

/** A tag; Samsara's tags carry no creation or update time, so the group has neither. */
export function mapTag(payload: unknown): NormalizedGroup {
  const tag = parsePayload(PROVIDER, samsaraTag, payload, "tag");
  const parent = nonBlank(tag.parentTagId) ?? nonBlank(tag.parentTag?.id);
  return { sourceId: tag.id, name: tag.name, ...(parent ? { parentSourceId: parent } : {}) };
}
