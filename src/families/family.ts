import type { SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { RecordKind } from "../lib/ids";
import type { NormalizedByModel, SyncModel } from "../model/normalized";
import type { WebhookEventType } from "../webhooks/emit";
import type { EventWrite } from "../webhooks/outbox";
import type { DeliverySource } from "./kit/delivery";
import type { FamilyRoute } from "./kit/routes";
import type { Item, WriteContext } from "./kit/write";

/** Kinds of records whose changes are webhook events, by the name their events take (`safety_event.added`). */
export const ANNOUNCED_KINDS = {
  vehicle: "vehicle",
  driver: "driver",
  safetyEvent: "safety_event",
} as const satisfies {
  [K in RecordKind]?: string;
};
export type AnnouncedKind = keyof typeof ANNOUNCED_KINDS;
/** The event types of a kind's changes (`<name>.added|modified|removed`, those of WEBHOOK_EVENT_TYPES). */
export type ChangeEventType = Extract<
  `${(typeof ANNOUNCED_KINDS)[AnnouncedKind]}.${"added" | "modified" | "removed"}`,
  WebhookEventType
>;

/** Only for families whose records carry their own provider source id (not, say, vehicle-days). */
type ForKeyedRecords<M extends SyncModel, T> = NormalizedByModel[M] extends { sourceId: string } ? T : never;

/**
 * A synced data family: one model a provider adapter reads, and everything the sync writer,
 * the deletion sweep and the API need to know about it. Registered in families/index.ts.
 */
export type Family<M extends SyncModel> = {
  /** The model name adapters read it by (model/normalized.ts SYNC_MODELS). */
  model: M;
  /** Its table: rows of one connection, by `connection_id`, which the deletion sweep empties. */
  table: SQLiteTable;
  /** The statements storing one page of normalized records, all in the page's one D1 batch. */
  write: (context: WriteContext, records: Item<NormalizedByModel[M]>[]) => Promise<SQL[]>;
  /**
   * Listed in full every sync: after the last page of a complete listing, the records the
   * listing no longer returned are soft-deleted (sync/write/deletions.ts).
   */
  fullyListed?: true;
  /**
   * The webhook events a page of its records causes beyond change events, decided before the
   * page is written (they may compare it with what is stored) and committed in its batch.
   */
  events?: (context: WriteContext, records: Item<NormalizedByModel[M]>[]) => Promise<EventWrite[]>;
  /** Announced as `<kind>.added|modified|removed` webhook events, page by page (sync/write/record-events.ts). */
  changeEvents?: ForKeyedRecords<M, AnnouncedKind>;
  /** Each record of a page is a vehicle billable this month (usage, families/kit/billing.ts). */
  billsVehicles?: ForKeyedRecords<M, true>;
  /** The tag the API reference files the family's routes under, when the family has its own. */
  tag?: { name: string; description: string };
  /** How a destination's deliveries read its changed records (families/kit/delivery.ts). */
  delivery?: DeliverySource;
  /** Its routes; their order in the API is FAMILY_ROUTES (families/index.ts). */
  routes: { list?: FamilyRoute; get?: FamilyRoute };
};
