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
