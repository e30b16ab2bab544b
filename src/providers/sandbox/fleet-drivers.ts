import { FIRST_NAMES, LAST_NAMES, MIDDLE_NAMES, OTHER_STATES } from "./catalog";
import type { SandboxFleet } from "./fleet";
import { LONG_HAUL_TAG, type Yard } from "./fleet-groups";
import { hash, Rng, SALT } from "./hash";
import { DIGITS, LETTERS, pad } from "./ids";
import type { SandboxDriver } from "./payloads";
import { DAY_MS, iso } from "./time";
import { type Generation, modificationsOf } from "./timeline";

/** What does not change about a driver over their life (their payload adds the revision's changes). */
export type DriverProfile = {
  record: Generation;
  id: string;
  first: string;
  middle?: string;
  last: string;
  email: string;
  login: string;
  licence: { region: string; number: string };
  yard: Yard;
  activeAtStart: boolean;
  tagIds: string[];
  createdAt: number;
  firstUpdatedAt: number;
};

export function driverProfile(fleet: SandboxFleet, record: Generation): DriverProfile {
  const { index } = record;
  const rng = new Rng(hash(fleet.seed, SALT.driver, index));
  const createdAt = fleet.creationTime(record, rng, SALT.driver);
  const first = rng.pick(FIRST_NAMES);
  const middle = rng.chance(0.35) ? rng.pick(MIDDLE_NAMES) : undefined;
  const last = rng.pick(LAST_NAMES);
  const yard = rng.pick(fleet.yards);
  const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
  return {
    record,
    id: `sbx-drv-${pad(index)}`,
    first,
    ...(middle ? { middle } : {}),
    last,
    email: `${handle}.${index}@drivers.sandbox.example`,
    login: `${first[0]}${last}${index}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
    licence: {
      region: rng.chance(0.85) ? yard.city.state : rng.pick(OTHER_STATES),
      number: `${rng.chars(LETTERS, 1)}${rng.chars(DIGITS, 7)}`,
    },
    yard,
    activeAtStart: rng.chance(0.95),
    tagIds: rng.chance(0.2) ? [yard.tag.id, LONG_HAUL_TAG] : [yard.tag.id],
    createdAt,
    firstUpdatedAt: record.addedRevision === undefined ? createdAt + rng.int(0, 60) * DAY_MS : createdAt,
  };
}

/** A driver at the fleet's revision: each modification changes the phone; every fourth toggles active. */
export function driverPayload(fleet: SandboxFleet, profile: DriverProfile): SandboxDriver {
  const { index } = profile.record;
  const { version, lastRevision } = modificationsOf(fleet.drivers, profile.record, fleet.revision);
  const phone = new Rng(hash(fleet.seed, SALT.phone, index, version));
  return {
    id: profile.id,
    name: { first: profile.first, ...(profile.middle ? { middle: profile.middle } : {}), last: profile.last },
    email: profile.email,
    phone: `+1${phone.pick(profile.yard.city.areaCodes)}55501${phone.chars(DIGITS, 2)}`,
    login: profile.login,
    licence: profile.licence,
    tagIds: profile.tagIds,
    active: profile.activeAtStart !== (Math.floor(version / 4) % 2 === 1),
    createdAt: iso(profile.createdAt),
    updatedAt: iso(
      lastRevision === undefined ? profile.firstUpdatedAt : fleet.changeTime(lastRevision, SALT.driver, index, version),
    ),
  };
}
