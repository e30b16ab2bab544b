import { z } from "@hono/zod-openapi";
import { SYNC_MODELS } from "../model/normalized";

/**
 * One unit of sync work: read one provider page of one step and store it. `seq` orders
 * the messages of a sync; the connection's Durable Object accepts only the current one,
 * so a redelivered or stale message is recognised and dropped.
 */
export const SyncMessageSchema = z.object({
  type: z.literal("sync.page"),
  connectionId: z.string(),
  syncId: z.string(),
  seq: z.number().int().nonnegative(),
  step: z.object({
    model: z.enum(SYNC_MODELS),
    window: z.object({ start: z.number(), end: z.number() }).optional(),
  }),
  cursor: z.string().optional(),
});
export type SyncMessage = z.infer<typeof SyncMessageSchema>;
export type SyncStep = SyncMessage["step"];

/**
 * One unit of a move's work (src/domain/shards/moves/): a bounded part of the copy, the
 * switch, or of the clean-up, whichever the move is at. Each unit queues the next.
 */
export const MoveMessageSchema = z.object({
  type: z.literal("shard.move"),
  moveId: z.string(),
  connectionId: z.string(),
});
export type MoveMessage = z.infer<typeof MoveMessageSchema>;

/**
 * One unit of a connection's time-series tiering (src/timeseries/archive/): retention, then
 * days older than the hot window moved to the archive. Each unit queues the next while work is left.
 */
export const SeriesTierMessageSchema = z.object({ type: z.literal("series.tier"), connectionId: z.string() });
export type SeriesTierMessage = z.infer<typeof SeriesTierMessageSchema>;

/** What the sync queue carries: sync pages, move units and tiering units. */
export const WorkMessageSchema = z.discriminatedUnion("type", [
  SyncMessageSchema,
  MoveMessageSchema,
  SeriesTierMessageSchema,
]);
export type WorkMessage = SyncMessage | MoveMessage | SeriesTierMessage;
