import { z } from "@hono/zod-openapi";

/**
 * The sandbox API's IFTA report, in its own shape and units like the rest of it (payloads.ts):
 * miles, one row per vehicle, UTC day and jurisdiction.
 */

/** `GET /ifta/daily`: the miles a vehicle drove in one jurisdiction (null: outside every one) on one UTC day. */
export const sandboxIftaDay = z.object({
  id: z.string().min(1),
  vehicleId: z.string().min(1),
  date: z.iso.date(),
  /** Two-letter US or Canadian postal code. */
  jurisdiction: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  miles: z.number().finite().nonnegative(),
});
export type SandboxIftaDay = z.infer<typeof sandboxIftaDay>;
