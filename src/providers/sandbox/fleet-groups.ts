import { type City, EAST_CITIES, WEST_CITIES } from "./catalog";
import { hash, Rng, SALT } from "./hash";
import type { SandboxTag } from "./payloads";
import { DAY_MS, iso, SECOND_MS, wholeSeconds } from "./time";

/** A yard: a terminal's group, in a city of one of the two regions. Vehicles and drivers belong to one. */
export type Yard = { tag: SandboxTag; city: City; region: "west" | "east" };

export const LONG_HAUL_TAG = "sbx-tag-0007";
export const MAINTENANCE_TAG = "sbx-tag-0008";

/**
 * A handful of groups: two regions, each with two yards in cities drawn from the seed, and two
 * fleet-wide groups. Stable across revisions: set up before any vehicle or driver joined the
 * account (those of generation 0 joined at most 2,090 days before the connection).
 */
export function buildGroups(seed: number, connectionCreatedAt: number): { tags: SandboxTag[]; yards: Yard[] } {
  const rng = new Rng(hash(seed, SALT.groups));
  const west = pickDistinct(rng, WEST_CITIES, 2);
  const east = pickDistinct(rng, EAST_CITIES, 2);
  const times = groupTimes(seed, connectionCreatedAt);
  const yardTag = (id: string, city: City, parentId: string): SandboxTag => ({
    id,
    name: `${city.name} Yard`,
    description: `Terminal in ${city.name}, ${city.state}`,
    parentId,
    ...times(id, 1, 30),
  });
  const yards: Yard[] = [
    { tag: yardTag("sbx-tag-0003", west[0]!, "sbx-tag-0001"), city: west[0]!, region: "west" },
    { tag: yardTag("sbx-tag-0004", west[1]!, "sbx-tag-0001"), city: west[1]!, region: "west" },
    { tag: yardTag("sbx-tag-0005", east[0]!, "sbx-tag-0002"), city: east[0]!, region: "east" },
    { tag: yardTag("sbx-tag-0006", east[1]!, "sbx-tag-0002"), city: east[1]!, region: "east" },
  ];
  const tags: SandboxTag[] = [
    { id: "sbx-tag-0001", name: "West Region", ...times("sbx-tag-0001", 0, 0) },
    { id: "sbx-tag-0002", name: "East Region", ...times("sbx-tag-0002", 0, 0) },
    ...yards.map((yard) => yard.tag),
    {
      id: LONG_HAUL_TAG,
      name: "Long Haul",
      description: "Over-the-road tractors and their drivers",
      ...times(LONG_HAUL_TAG, 30, 45),
    },
    {
      id: MAINTENANCE_TAG,
      name: "Maintenance Hold",
      description: "Out of service, awaiting repair",
      ...times(MAINTENANCE_TAG, 30, 45),
    },
  ];
  return { tags, yards };
}

/**
 * When each group was created, `fromDay`–`toDay` days after the account was set up (its
 * regions first, their yards after), and last edited up to 90 days later: every one before
 * the oldest vehicle or driver. A stream of its own, so the cities drawn above never change.
 */
function groupTimes(seed: number, connectionCreatedAt: number) {
  const setUp = new Rng(hash(seed, SALT.groups, 1));
  const accountSetUpAt = connectionCreatedAt - (2_200 + setUp.int(0, 400)) * DAY_MS;
  return (id: string, fromDay: number, toDay: number): Pick<SandboxTag, "createdAt" | "updatedAt"> => {
    const rng = new Rng(hash(seed, SALT.groups, 2, Number(id.slice(-4))));
    const createdAt = wholeSeconds(accountSetUpAt + rng.int(fromDay, toDay) * DAY_MS + rng.int(0, 86_399) * SECOND_MS);
    return { createdAt: iso(createdAt), updatedAt: iso(createdAt + rng.int(0, 90) * DAY_MS) };
  };
}

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i++)
    picked.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!);
  return picked;
}
