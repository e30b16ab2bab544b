import { z } from "@hono/zod-openapi";

/**
 * The sandbox API's hours of service, in its own shapes like the rest of it (payloads.ts): duty
 * statuses by their ELD codes, distances in miles, durations in seconds.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** The ELD duty-status codes the sandbox logs (OFF, SB, D, ON, YM, PC, WT). */
export const SANDBOX_DUTY_CODES = ["OFF", "SB", "D", "ON", "YM", "PC", "WT"] as const;
export type SandboxDutyCode = (typeof SANDBOX_DUTY_CODES)[number];

/** `GET /hos/logs`: a driver's duty status, from its start to its end (absent while it lasts). */
export const sandboxHosLog = z.object({
  id: z.string().min(1),
  driverId: z.string().min(1),
  vehicleId: z.string().min(1).optional(),
  codriverIds: z.array(z.string().min(1)).optional(),
  status: z.enum(SANDBOX_DUTY_CODES),
  startTime: isoDateTime,
  endTime: isoDateTime.optional(),
  location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  remark: z.string().min(1).optional(),
});
export type SandboxHosLog = z.infer<typeof sandboxHosLog>;

const seconds = z.number().int().nonnegative();
const miles = z.number().finite().nonnegative();

/** `GET /hos/daily-logs`: a driver's UTC day, its time per status in seconds and its distances in miles. */
export const sandboxHosDay = z.object({
  id: z.string().min(1),
  driverId: z.string().min(1),
  date: z.iso.date(),
  vehicleIds: z.array(z.string().min(1)),
  secondsByStatus: z.object({
    OFF: seconds,
    SB: seconds,
    D: seconds,
    ON: seconds,
    YM: seconds,
    PC: seconds,
    WT: seconds,
  }),
  miles: z.object({ driving: miles, personalConveyance: miles, yardMove: miles }),
});
export type SandboxHosDay = z.infer<typeof sandboxHosDay>;
