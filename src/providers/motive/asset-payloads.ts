import { z } from "@hono/zod-openapi";
import { motiveId, numeric, text, timestamp } from "./payloads";

/**
 * Motive's payloads of trailers (assets) and of vehicles' fault codes (providers-families.md
 * 2.6, 2.7). As in payloads.ts, every field a mapper reads is checked, documented nullables are
 * nullable and unknown fields are ignored.
 */

/**
 * `GET /v1/assets` (`assets[].asset`): a piece of equipment the fleet pulls, a trailer most
 * often. `status` stays an open string (`active`, `deactivated` seen); `year` is documented as
 * a string; `type` (`dry_box`, `low_boy`…) is not read. Motive documents no groups on an asset:
 * `group_ids` is read should it send them, as it does on vehicles.
 */
export const motiveAsset = z.object({
  id: motiveId,
  name: text,
  status: z.string().min(1),
  vin: text,
  make: text,
  model: text,
  year: z.union([z.string(), z.number().int()]).nullish(),
  license_plate_state: text,
  license_plate_number: text,
  group_ids: z.array(motiveId).nullish(),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});
export type MotiveAsset = z.infer<typeof motiveAsset>;

/**
 * An asset's `current_location` in `GET /v1/asset_locations`. Motive documents the listing as
 * the company's assets (`assets[]`, each wrapped in `asset` as its lists are) with `metric_units`
 * and `current_location { id, lat, lon, description, located_at }`; `bearing` (degrees) and
 * `speed` are assumed from its asset breadcrumbs (`/v1/asset_locations/{id}`), and `speed` in
 * the asset's units, km/h when `metric_units` else mph, which nothing documents. An asset
 * without an Asset Gateway has never been located: its `current_location` is null.
 */
export const motiveAssetPoint = z.object({
  id: z.union([z.string().min(1), motiveId]).nullish(),
  located_at: timestamp,
  lat: z.number().min(-90).max(90).nullish(),
  lon: z.number().min(-180).max(180).nullish(),
  bearing: numeric.nullish(),
  speed: numeric.nullish(),
  description: text,
});
export type MotiveAssetPoint = z.infer<typeof motiveAssetPoint>;

/**
 * One located asset as the adapter reads it: Motive's asset untouched, beside the unit system
 * the request asked for, which its speed is in when the asset carries no `metric_units` of its own.
 */
export const motiveAssetLocation = z.object({
  metric_units: z.boolean(),
  asset: z.object({ id: motiveId, metric_units: z.boolean().nullish(), current_location: motiveAssetPoint }),
});
export type MotiveAssetLocation = z.infer<typeof motiveAssetLocation>;

/** A small integer Motive may send as a number or as text (`"source_address": "0"`, `"fmi": "4"`). */
const smallInteger = z.union([z.number(), z.string()]).nullish();

/**
 * `GET /v1/fault_codes` (`fault_codes[].fault_code`): one occurrence of a diagnostic trouble
 * code on a vehicle, from its first observation to its last, with its own id. `code` is the
 * OBD-II code ("P203F") or the J1939 SPN; `fmi` is text (null for OBD-II); `network` is `obdii`
 * or, as assumed, `j1939`; `status` is `open` or `closed` (a closed fault's `last_observed_at` is
 * when it cleared). No malfunction lamp field exists.
 */
export const motiveFaultCode = z.object({
  id: motiveId,
  code: z.string().trim().min(1),
  code_label: text,
  code_description: text,
  source_address: smallInteger,
  status: z.enum(["open", "closed"]),
  fmi: smallInteger,
  fmi_description: text,
  occurrence_count: z.number().int().nonnegative().nullish(),
  network: text,
  first_observed_at: timestamp,
  last_observed_at: timestamp.nullish(),
  vehicle: z.object({ id: motiveId }),
});
export type MotiveFaultCode = z.infer<typeof motiveFaultCode>;
