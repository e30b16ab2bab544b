/** The normalized records of safety events and their camera media (normalized.ts has the rest). */

import type { Location } from "./normalized";

export const SAFETY_EVENT_TYPES = [
  "harsh_brake",
  "harsh_acceleration",
  "harsh_turn",
  "speeding",
  "crash",
  "near_crash",
  "tailgating",
  "cell_phone",
  "distracted",
  "drowsiness",
  "smoking",
  "seat_belt_violation",
  "stop_sign_violation",
  "red_light_violation",
  "unsafe_lane_change",
  "camera_obstruction",
  "eating_and_drinking",
  "rolling_stop",
  "unsafe_parking",
] as const;
export type SafetyEventType = (typeof SAFETY_EVENT_TYPES)[number];

export type CameraReference = { sourceId: string; available: boolean };

export type NormalizedSafetyEvent = {
  sourceId: string;
  type: SafetyEventType;
  /** The provider's own name of the event's type (its behavior label, event type). */
  sourceType?: string;
  driverSourceId?: string;
  vehicleSourceId?: string;
  startLocation?: Location;
  endLocation?: Location;
  startedAt: string;
  endedAt?: string;
  stats?: {
    /** km/h */
    maximumSpeed?: number;
    averageSpeed?: number;
    roadSpeedLimit?: number;
    gForceForwardBackward?: number;
    gForceSideToSide?: number;
    heading?: number;
  };
  cameraMedia: { frontFacing?: CameraReference; rearFacing?: CameraReference };
};

export type CameraView = { sourceId: string; videoUrl?: string; imageUrl?: string };

export type NormalizedCameraMedia = { frontFacing?: CameraView; rearFacing?: CameraView };
