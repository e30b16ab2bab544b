import type { NormalizedGroup } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MixClient, PROVIDER } from "../client";
import { organisationId } from "../organisation";
import { type MixGroupNode, mixGroupItem, mixGroupNode } from "../payloads";

const SCHEMA = "api/organisationgroups/subgroups/{organisationId}";

/**
 * The organisation's groups: `GET api/organisationgroups/subgroups/{organisationId}` answers
 * the organisation as a tree (`SubGroups`). Each group below the organisation is one item: its
 * node without `SubGroups`, with `ParentGroupId` (absent for the organisation's children).
 */
export const mixGroups: ProviderModel<"groups"> = { pace: "api", read: readGroups, normalize: mapGroup };

async function readGroups(request: ReadRequest): Promise<ProviderPage> {
  const client = MixClient.of(request.context, request.credentials);
  const orgId = await organisationId(client, request.connection.id);
  const body = await client.get(`api/organisationgroups/subgroups/${orgId}`);
  const roots = (Array.isArray(body) ? body : [body]).map((node) => {
    const parsed = mixGroupNode.safeParse(node);
    if (!parsed.success) throw new ProviderError("malformed", `${PROVIDER}: the group tree is not one.`);
    return parsed.data;
  });
  const items: unknown[] = [];
  const walk = (node: MixGroupNode, parent: string | undefined) => {
    const { SubGroups, ...group } = node;
    const id = String(node.GroupId);
    const isOrganisation = id === orgId;
    if (!isOrganisation) items.push({ ...group, ...(parent ? { ParentGroupId: parent } : {}) });
    for (const child of SubGroups ?? []) walk(child, isOrganisation ? undefined : id);
  };
  for (const root of roots) walk(root, undefined);
  return { items, schema: SCHEMA };
}

export function mapGroup(payload: unknown): NormalizedGroup {
  const group = parsePayload(PROVIDER, mixGroupItem, payload, "group");
  return {
    sourceId: group.GroupId,
    name: group.Name.trim(),
    ...(group.ParentGroupId ? { parentSourceId: group.ParentGroupId } : {}),
  };
}
