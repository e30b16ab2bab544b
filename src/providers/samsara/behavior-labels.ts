import type { SafetyEventType } from "../../model/normalized";

/**
 * Samsara's behaviour labels (v2 names are PascalCase, the legacy API's camelCase: matched
 * without case) → wire-compat safety event types. Labels not listed (DidNotYield, HosViolation,
 * Idling, DefensiveDriving, Passenger…) have no normalized type.
 */
const LABEL_TYPES: Readonly<Record<string, SafetyEventType>> = Object.fromEntries(
  Object.entries({
    braking: "harsh_brake",
    acceleration: "harsh_acceleration",
    harshTurn: "harsh_turn",
    speeding: "speeding",
    lightSpeeding: "speeding",
    moderateSpeeding: "speeding",
    heavySpeeding: "speeding",
    severeSpeeding: "speeding",
    maxSpeed: "speeding",
    crash: "crash",
    harshImpact: "crash",
    nearCollison: "near_crash",
    nearCollision: "near_crash",
    nearPedestrianCollision: "near_crash",
    forwardCollisionWarning: "near_crash",
    followingDistance: "tailgating",
    followingDistanceModerate: "tailgating",
    followingDistanceSevere: "tailgating",
    genericTailgating: "tailgating",
    mobileUsage: "cell_phone",
    genericDistraction: "distracted",
    edgeDistractedDriving: "distracted",
    lateResponse: "distracted",
    drowsy: "drowsiness",
    smoking: "smoking",
    noSeatbelt: "seat_belt_violation",
    ranRedLight: "red_light_violation",
    rollingStop: "rolling_stop",
    laneDeparture: "unsafe_lane_change",
    obstructedCamera: "camera_obstruction",
    eatingDrinking: "eating_and_drinking",
    eating: "eating_and_drinking",
    drinking: "eating_and_drinking",
  } satisfies Record<string, SafetyEventType>).map(([label, type]) => [label.toLowerCase(), type]),
);

/**
 * The behaviour label an event is typed by (its first label that has a type, as Samsara wrote
 * it: the event's `sourceType`) and that type; undefined when no label has one.
 */
export function typedLabel(
  labels: ReadonlyArray<{ label: string }> | null | undefined,
): { label: string; type: SafetyEventType } | undefined {
  for (const { label } of labels ?? []) {
    const type = LABEL_TYPES[label.toLowerCase()];
    if (type) return { label, type };
  }
  return undefined;
}

/** The type of an event: its first behaviour label that has one; undefined when none has. */
export function safetyEventType(
  labels: ReadonlyArray<{ label: string }> | null | undefined,
): SafetyEventType | undefined {
  return typedLabel(labels)?.type;
}
