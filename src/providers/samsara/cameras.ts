/** The dash cams of a Samsara safety event, as its listing and the media library name them. */

/** Which camera of an event a view is: the road-facing one, or the driver-facing (inward) one. */
export type Facing = "frontFacing" | "rearFacing";

/** Safety events name inputs dashcamRoadFacing/DriverFacing; the media library dashcamForward/InwardFacing. */
export function facingOf(input: string | null | undefined, cameraRole?: string | null): Facing | undefined {
  const value = (input ?? "").toLowerCase();
  if (value === "dashcamroadfacing" || value === "dashcamforwardfacing") return "frontFacing";
  if (value === "dashcamdriverfacing" || value === "dashcaminwardfacing") return "rearFacing";
  if (cameraRole === "front") return "frontFacing";
  if (cameraRole === "inCab") return "rearFacing";
  return undefined;
}

/** The stable id of one camera of an event (Samsara's media have no id of their own). */
export const cameraSourceId = (eventId: string, facing: Facing) =>
  `${eventId}:${facing === "frontFacing" ? "dashcamRoadFacing" : "dashcamDriverFacing"}`;
