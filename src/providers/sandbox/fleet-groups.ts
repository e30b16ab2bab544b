import { type City, EAST_CITIES, WEST_CITIES } from "./catalog";
import { hash, Rng, SALT } from "./hash";
import type { SandboxTag } from "./payloads";

/** A yard: a terminal's group, in a city of one of the two regions. Vehicles and drivers belong to one. */
export type Yard = { tag: SandboxTag; city: City; region: "west" | "east" };

export const LONG_HAUL_TAG = "sbx-tag-0007";
export const MAINTENANCE_TAG = "sbx-tag-0008";

/**
 * A handful of groups: two regions, each with two yards in cities drawn from the seed, and two
 * fleet-wide groups. Stable across revisions.
 */
export function buildGroups(seed: number): { tags: SandboxTag[]; yards: Yard[] } {
  const rng = new Rng(hash(seed, SALT.groups));
  const west = pickDistinct(rng, WEST_CITIES, 2);
  const east = pickDistinct(rng, EAST_CITIES, 2);
  const yardTag = (id: string, city: City, parentId: string): SandboxTag => ({
    id,
    name: `${city.name} Yard`,
    description: `Terminal in ${city.name}, ${city.state}`,
    parentId,
  });
  const yards: Yard[] = [
    { tag: yardTag("sbx-tag-0003", west[0]!, "sbx-tag-0001"), city: west[0]!, region: "west" },
    { tag: yardTag("sbx-tag-0004", west[1]!, "sbx-tag-0001"), city: west[1]!, region: "west" },
    { tag: yardTag("sbx-tag-0005", east[0]!, "sbx-tag-0002"), city: east[0]!, region: "east" },
    { tag: yardTag("sbx-tag-0006", east[1]!, "sbx-tag-0002"), city: east[1]!, region: "east" },
  ];
  const tags: SandboxTag[] = [
    { id: "sbx-tag-0001", name: "West Region" },
    { id: "sbx-tag-0002", name: "East Region" },
    ...yards.map((yard) => yard.tag),
    { id: LONG_HAUL_TAG, name: "Long Haul", description: "Over-the-road tractors and their drivers" },
    { id: MAINTENANCE_TAG, name: "Maintenance Hold", description: "Out of service, awaiting repair" },
  ];
  return { tags, yards };
}

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i++)
    picked.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!);
  return picked;
}
