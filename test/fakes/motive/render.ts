/**
 * The canonical fleet in Motive's own shapes and units (providers.md section 2): integer ids,
 * `number` as the vehicle's name, `deactivated` status, fuel in litres or US gallons as the
 * request's `X-Metric-Units` asks, IFTA distances in each vehicle's own units, times in
 * seconds, timestamps without milliseconds. Converted values are sent unrounded, so that a
 * test can check the adapter's conversions exactly (the real API rounds them).
 */
import type { FakeAccount } from "../accounts.ts";
import {
  type CanonicalDay,
  type CanonicalDevice,
  type CanonicalDriver,
  type CanonicalGroup,
  type CanonicalSafetyEvent,
  type CanonicalVehicle,
  hash,
} from "../fleet.ts";
import { LITRES_PER_US_GALLON, MOTIVE_EVENT_TYPES, mediaStateOf, motiveIds, vehicleIsMetric } from "./ids.ts";

type Json = Record<string, unknown>;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Motive's timestamps: ISO 8601 in UTC, whole seconds. */
export const motiveTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "fleet";

export function renderCompany(account: FakeAccount): Json {
  return {
    id: motiveIds.company(account.credential),
    company_id: `KT${motiveIds.company(account.credential)}`,
    name: account.name,
    street: "100 Congress Ave",
    city: "Austin",
    state: "TX",
    zip: "78701",
    dot_ids: [String(1_000_000 + (hash(account.credential, "dot") % 9_000_000))],
    cycle: "70_8",
    time_zone: "UTC",
    metric_units: false,
  };
}

export function renderAdmin(account: FakeAccount): Json {
  return {
    id: motiveIds.admin,
    email: `admin@${slug(account.name)}.example`,
    first_name: "Fleet",
    last_name: "Admin",
    username: "fleetadmin",
    phone: "+15125550100",
    phone_ext: null,
    time_zone: "Central Time (US & Canada)",
    role: "admin",
    status: "active",
    driver_company_id: null,
    drivers_license_number: null,
    drivers_license_state: null,
    created_at: "2024-06-01T12:00:00Z",
    updated_at: "2024-06-01T12:00:00Z",
  };
}

export function renderGroup(group: CanonicalGroup, companyId: number): Json {
  return {
    id: motiveIds.group(group.id),
    name: group.name,
    company_id: companyId,
    parent_id: group.parentId ? motiveIds.group(group.parentId) : null,
    creator: null,
  };
}

/** The short vehicle object Motive embeds in reports; `metric_units` is given by the caller. */
export function vehicleReference(vehicle: CanonicalVehicle, metricUnits: boolean): Json {
  return {
    id: motiveIds.vehicle(vehicle.id),
    number: vehicle.name,
    year: String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
    vin: vehicle.vin,
    metric_units: metricUnits,
  };
}

/** Motive's fuel list has no electric: electric vehicles are `other`. */
const FUEL: Readonly<Record<CanonicalVehicle["fuelType"], string>> = {
  diesel: "diesel",
  gasoline: "gasoline",
  electric: "other",
};

export function renderEldDevice(device: CanonicalDevice): Json {
  return { id: motiveIds.eldDevice(device.id), identifier: device.serial, model: "lbb-3" };
}

export function renderVehicle(
  vehicle: CanonicalVehicle,
  companyId: number,
  tracker: CanonicalDevice | undefined,
): Json {
  return {
    id: motiveIds.vehicle(vehicle.id),
    company_id: companyId,
    number: vehicle.name,
    status: vehicle.active ? "active" : "deactivated",
    ifta: true,
    vin: vehicle.vin,
    make: vehicle.make,
    model: vehicle.model,
    year: String(vehicle.year),
    license_plate_state: vehicle.plate.state,
    license_plate_number: vehicle.plate.number,
    metric_units: vehicleIsMetric(vehicle.id),
    fuel_type: FUEL[vehicle.fuelType],
    prevent_auto_odometer_entry: false,
    notes: null,
    eld_device: tracker ? renderEldDevice(tracker) : null,
    current_driver: null,
    group_ids: vehicle.groupIds.map(motiveIds.group),
    external_ids: [],
    created_at: motiveTime(vehicle.createdAt),
    updated_at: motiveTime(vehicle.updatedAt),
  };
}

export function renderDriver(driver: CanonicalDriver): Json {
  const id = motiveIds.user(driver.id);
  return {
    id,
    email: driver.email,
    first_name: driver.firstName,
    last_name: driver.lastName,
    username: driver.username,
    phone: driver.phone,
    phone_ext: null,
    time_zone: "Central Time (US & Canada)",
    role: "driver",
    status: driver.active ? "active" : "deactivated",
    driver_company_id: `D-${id}`,
    drivers_license_number: driver.license.number,
    drivers_license_state: driver.license.state,
    dot_id: null,
    metric_units: false,
    cycle: "70_8",
    eld_mode: "logs",
    duty_status: "off_duty",
    yard_moves_enabled: false,
    personal_conveyance_enabled: false,
    external_ids: [],
    created_at: motiveTime(driver.createdAt),
    updated_at: motiveTime(driver.updatedAt),
  };
}

/**
 * A vehicle's rollup over some days (Motive aggregates over the dates asked for). Fuel is split
 * into idling and driving by time; litres or US gallons as asked, and `vehicle.metric_units`
 * echoes that choice.
 */
export function renderRollup(vehicle: CanonicalVehicle, days: CanonicalDay[], metric: boolean): Json {
  const drivingMs = days.reduce((sum, day) => sum + day.drivingMs, 0);
  const idlingMs = days.reduce((sum, day) => sum + day.idlingMs, 0);
  const litres = days.reduce((sum, day) => sum + day.fuelLiters, 0);
  const idleLitres = round((litres * idlingMs) / Math.max(1, drivingMs + idlingMs), 2);
  const drivingLitres = round(litres - idleLitres, 3);
  const fuel = (value: number) => (metric ? value : value / LITRES_PER_US_GALLON);
  return {
    vehicle: vehicleReference(vehicle, metric),
    utilization: round((100 * drivingMs) / Math.max(1, drivingMs + idlingMs), 1),
    idle_time: idlingMs / 1000,
    idle_fuel: fuel(idleLitres),
    driving_time: drivingMs / 1000,
    driving_fuel: fuel(drivingLitres),
  };
}

const MEDIA_BASE = "https://motive-fake-media.s3.amazonaws.com";

/** Signed, short-lived links (600 s), minted afresh on every read as Motive's are. */
function signedLink(companyId: number, eventId: number, file: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]|\.\d{3}/g, "");
  return `${MEDIA_BASE}/${companyId}/${eventId}/${file}?X-Amz-Date=${stamp}&X-Amz-Expires=600&X-Amz-Signature=${hash(file, eventId, now).toString(16)}`;
}

function renderCameraMedia(event: CanonicalSafetyEvent, eventId: number, companyId: number, now: number): Json | null {
  const state = mediaStateOf(event);
  if (state === "none") return null;
  const link = (file: string) => signedLink(companyId, eventId, file, now);
  const ready = state === "video" || state === "image";
  return {
    id: eventId,
    available: state !== "unavailable",
    uploaded_at: ready ? motiveTime(new Date(Date.parse(event.endedAt) + 120_000).toISOString()) : null,
    duration: state === "unavailable" ? null : 12,
    cam_type: state === "unavailable" ? null : "front_facing",
    cam_positions: state === "unavailable" ? [] : ["front"],
    auto_transcode_status: state === "video" ? "completed" : state === "unavailable" ? null : "not started",
    downloadable_videos:
      state === "unavailable"
        ? null
        : {
            front_facing_plain_url: state === "video" ? link("front_facing_plain.mp4") : null,
            front_facing_enhanced_url: state === "video" ? link("front_facing_enhanced.mp4") : null,
            driver_facing_plain_url: null,
            driver_facing_enhanced_url: null,
            dual_facing_enhanced_url: null,
            dual_facing_enhanced_ai_viz_url: null,
          },
    downloadable_images:
      state === "unavailable"
        ? null
        : { front_facing_jpg_url: ready ? link("front_facing.jpg") : null, driver_facing_jpg_url: null },
  };
}

/** A driver performance event; `camera_media` only when `media_required=true` was asked. */
export function renderEvent(
  event: CanonicalSafetyEvent,
  context: {
    vehicle: CanonicalVehicle;
    driver: CanonicalDriver | undefined;
    tracker: CanonicalDevice | undefined;
    companyId: number;
    withMedia: boolean;
    now: number;
  },
): Json {
  const id = motiveIds.event(event);
  const { vehicle, driver } = context;
  const start = Date.parse(event.startedAt);
  const end = Date.parse(event.endedAt);
  return {
    id,
    type: MOTIVE_EVENT_TYPES[event.type],
    start_time: motiveTime(event.startedAt),
    end_time: motiveTime(event.endedAt),
    duration: Math.round((end - start) / 1000),
    acceleration: null,
    start_speed: event.maximumSpeedKmh,
    end_speed: round(event.maximumSpeedKmh * 0.4, 2),
    max_speed: event.maximumSpeedKmh,
    start_bearing: null,
    end_bearing: null,
    lat: event.location.latitude,
    lon: event.location.longitude,
    location: `${Math.abs(event.location.latitude).toFixed(2)}N ${Math.abs(event.location.longitude).toFixed(2)}W`,
    intensity: null,
    coaching_status: "pending_review",
    metadata: { severity: "medium" },
    driver: driver
      ? {
          id: motiveIds.user(driver.id),
          first_name: driver.firstName,
          last_name: driver.lastName,
          username: driver.username,
          email: driver.email,
          driver_company_id: `D-${motiveIds.user(driver.id)}`,
          status: driver.active ? "active" : "deactivated",
          role: "driver",
        }
      : null,
    vehicle: { id: motiveIds.vehicle(vehicle.id), number: vehicle.name },
    eld_device: context.tracker ? renderEldDevice(context.tracker) : null,
    ...(context.withMedia ? { camera_media: renderCameraMedia(event, id, context.companyId, context.now) } : {}),
  };
}
