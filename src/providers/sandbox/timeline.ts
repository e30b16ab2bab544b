import { hash, unit } from "./hash";

/**
 * How the fleet changes from one revision to the next, in closed form so that any record's
 * state at any revision costs O(1) (a 100,000-vehicle fleet at revision 10,000 must page as
 * fast as a new one).
 *
 * A kind of record (vehicles, drivers) has `slots` places. Slot s holds generation 0 from the
 * start (record index s), and, if it is one of the churning slots, a succession of later
 * generations: record index g × slots + s is generation g. Two fixed, infinite schedules of
 * numbered events drive the changes, both dealt round-robin over a seeded permutation of slots:
 * - churn events, ceil(slots / 100) (at least 1) at each revision, over a quarter of the slots
 *   (the others keep their record forever): the event deletes the slot's record, and the next
 *   generation is added in the same or the following revision (the slot is briefly empty);
 * - modification events, max(2, ceil(slots / 50)) at each revision, over all slots: the slot's
 *   record (if any) changes a few fields and its updatedAt moves.
 * Event e of a schedule happens at revision floor(e / perRevision) + 1, so revision 0 is the
 * initial fleet and everything up to revision R is counted with a division.
 */

/** A round-robin of events over the first `members` positions of a permutation of `slots` slots. */
export type Schedule = { slots: number; members: number; perRevision: number; multiplier: number; offset: number };

export type SlotTimeline = {
  slots: number;
  churn: Schedule;
  modifications: Schedule;
  seed: number;
};

export type Generation = {
  slot: number;
  generation: number;
  index: number;
  /** Revision that added it; absent for generation 0, which existed before the connection. */
  addedRevision?: number;
  /** Revision that deletes it; absent while no event is scheduled to. */
  deletedRevision?: number;
};

export function slotTimeline(seed: number, salt: number, slots: number): SlotTimeline {
  const churnPerRevision = Math.max(1, Math.ceil(slots / 100));
  const churnSlots = Math.max(churnPerRevision, Math.ceil(slots / 4));
  return {
    slots,
    seed: hash(seed, salt),
    churn: schedule(hash(seed, salt, 1), churnSlots, churnPerRevision, slots),
    modifications: schedule(hash(seed, salt, 2), slots, Math.max(2, Math.ceil(slots / 50)), slots),
  };
}

/** Which generation occupies a slot at a revision, and whether it is there yet (it may be in a gap). */
export function occupantAt(
  timeline: SlotTimeline,
  slot: number,
  revision: number,
): { current: Generation; present: boolean } {
  const position = positionOf(timeline.churn, slot);
  const generation = position === undefined ? 0 : eventsThrough(timeline.churn, position, revision);
  const current = generationOf(timeline, slot, generation);
  return { current, present: (current.addedRevision ?? 0) <= revision };
}

/** The life of one generation of a slot (a pure function: the schedule does not depend on the revision). */
export function generationOf(timeline: SlotTimeline, slot: number, generation: number): Generation {
  const { churn, slots } = timeline;
  const index = generation * slots + slot;
  const position = positionOf(churn, slot);
  if (position === undefined) return { slot, generation: 0, index };
  const deletedRevision = eventRevision(churn, position, generation);
  if (generation === 0) return { slot, generation, index, deletedRevision };
  const previousDeletion = eventRevision(churn, position, generation - 1);
  return {
    slot,
    generation,
    index,
    addedRevision: previousDeletion + gap(timeline, slot, generation),
    deletedRevision,
  };
}

/** The record of an index, if the index belongs to this timeline (its slot churns, or it is generation 0). */
export function generationOfIndex(timeline: SlotTimeline, index: number): Generation | undefined {
  if (!Number.isSafeInteger(index) || index < 0 || timeline.slots === 0) return undefined;
  const slot = index % timeline.slots;
  const generation = Math.floor(index / timeline.slots);
  if (generation > 0 && positionOf(timeline.churn, slot) === undefined) return undefined;
  return generationOf(timeline, slot, generation);
}

/**
 * How many times a record was modified after it was added, up to a revision, and the revision
 * of the last modification.
 */
export function modificationsOf(
  timeline: SlotTimeline,
  record: Generation,
  revision: number,
): { version: number; lastRevision?: number } {
  const schedule = timeline.modifications;
  const position = positionOf(schedule, record.slot)!;
  const until = Math.min(revision, (record.deletedRevision ?? Number.POSITIVE_INFINITY) - 1);
  const total = eventsThrough(schedule, position, until);
  const version = total - eventsThrough(schedule, position, record.addedRevision ?? 0);
  if (version <= 0) return { version: 0 };
  return { version, lastRevision: eventRevision(schedule, position, total - 1) };
}

function schedule(seed: number, members: number, perRevision: number, slots: number): Schedule {
  // position = (multiplier × slot + offset) mod slots is a permutation when multiplier is coprime with slots.
  let multiplier = slots > 1 ? 1 + (hash(seed, 0) % (slots - 1)) : 1;
  while (gcd(multiplier, slots) !== 1) multiplier = (multiplier % (slots - 1)) + 1;
  return {
    slots,
    members,
    perRevision: Math.min(perRevision, Math.max(members, 1)),
    multiplier,
    offset: hash(seed, 1) % Math.max(slots, 1),
  };
}

/** The slot's place in the schedule's round-robin; undefined when the slot takes no part. */
function positionOf(schedule: Schedule, slot: number): number | undefined {
  const position = (schedule.multiplier * slot + schedule.offset) % schedule.slots;
  return position < schedule.members ? position : undefined;
}

/** How many of the slot's events happen at or before a revision (events 0 … R × perRevision − 1). */
function eventsThrough(schedule: Schedule, position: number, revision: number): number {
  const events = Math.max(0, revision) * schedule.perRevision;
  return events > position ? Math.ceil((events - position) / schedule.members) : 0;
}

/** The revision of the slot's j-th event. */
function eventRevision(schedule: Schedule, position: number, j: number): number {
  return Math.floor((position + j * schedule.members) / schedule.perRevision) + 1;
}

/**
 * Revisions a slot stays empty after its record is deleted: 0 or 1, and 1 only when the slot's
 * next deletion is at least two revisions later, so a generation is never deleted before it is added.
 */
function gap(timeline: SlotTimeline, slot: number, generation: number): number {
  const { churn } = timeline;
  if (Math.floor(churn.members / churn.perRevision) < 2) return 0;
  return unit(timeline.seed, slot, generation) < 0.5 ? 1 : 0;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
