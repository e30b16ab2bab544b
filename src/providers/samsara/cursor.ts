import { z } from "@hono/zod-openapi";
import { SYNC_MODELS, type SyncModel } from "../../model/normalized";
import { cursorCodec } from "../kit/cursor";
import { PROVIDER } from "./client";
import { DRIVER_ACTIVATION_STATUSES, type DriverActivationStatus } from "./payloads";

/**
 * The adapter's page cursor, opaque to the engine: base64url of where the next page starts.
 * Samsara's own `endCursor` (`after`) is kept as it came; around it, what the adapter walks
 * itself: the drivers' activation status (two listings, for drivers and their HOS days: Samsara
 * lists active drivers unless asked for deactivated ones), the utilization day (the report is
 * read one day at a time) or the IFTA month (its first day: the report is read a month at a
 * time), and the stat histories' group of types (a request names at most three types).
 */
export type SamsaraCursor = {
  model: SyncModel;
  /** Samsara's `endCursor` of the previous page; absent at the start of a listing. */
  after?: string;
  /** Drivers and HOS daily logs: the activation status whose listing the cursor continues. */
  status?: DriverActivationStatus;
  /** Utilization: the UTC day (YYYY-MM-DD) the cursor continues; IFTA: the first day of its month. */
  date?: string;
  /** Stat histories: the index of the group of stat types the cursor continues (stat-types.ts). */
  group?: number;
};

const codec = cursorCodec<SamsaraCursor>({
  provider: PROVIDER,
  write: (cursor) => ({ v: 1, m: cursor.model, a: cursor.after, s: cursor.status, d: cursor.date, g: cursor.group }),
  read: z
    .object({
      v: z.literal(1),
      m: z.enum(SYNC_MODELS),
      a: z.string().min(1).optional(),
      s: z.enum(DRIVER_ACTIVATION_STATUSES).optional(),
      d: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      g: z.number().int().min(0).optional(),
    })
    .transform(({ m, a, s, d, g }) => ({
      model: m,
      ...(a === undefined ? {} : { after: a }),
      ...(s === undefined ? {} : { status: s }),
      ...(d === undefined ? {} : { date: d }),
      ...(g === undefined ? {} : { group: g }),
    })),
});

export const encodeSamsaraCursor = codec.encode;

/** Reads a cursor of `model`; ProviderError("malformed") for anything this adapter did not issue. */
export function decodeSamsaraCursor(text: string, model: SyncModel): SamsaraCursor {
  return codec.decode(text, (cursor) => cursor.model === model);
}

export const malformedCursor = codec.malformed;
