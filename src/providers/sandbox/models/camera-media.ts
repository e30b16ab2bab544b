import type { CameraView, NormalizedCameraMedia } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import type { CameraMediaSource } from "../../types";
import { openSandbox } from "../connection-fleet";
import { readEventMedia } from "../media";
import { PROVIDER, sandboxEventMedia } from "../payloads";
import { sandboxRuntime } from "../runtime";

/** `GET /safety/events/{id}/media`, read live: its links expire. */
export const sandboxCameraMedia: CameraMediaSource = {
  pace: NOT_PACED,
  async read(request, eventSourceId) {
    const { fleetAt } = openSandbox(request);
    const payload = readEventMedia(fleetAt(), eventSourceId, sandboxRuntime.now());
    return { media: mapEventMedia(payload), schema: "sandbox.safety_events.media", payload };
  },
};

/** The media answer of one event: a view per camera, its video (when there is one) and still image. */
export function mapEventMedia(payload: unknown): NormalizedCameraMedia {
  const media = parsePayload(PROVIDER, sandboxEventMedia, payload, "event media");
  const view = (camera: "front" | "rear"): CameraView | undefined => {
    const clip = media.clips.find((candidate) => candidate.camera === camera);
    if (!clip) return undefined;
    return {
      sourceId: clip.id,
      ...(clip.videoUrl !== undefined ? { videoUrl: clip.videoUrl } : {}),
      ...(clip.imageUrl !== undefined ? { imageUrl: clip.imageUrl } : {}),
    };
  };
  const frontFacing = view("front");
  const rearFacing = view("rear");
  return { ...(frontFacing ? { frontFacing } : {}), ...(rearFacing ? { rearFacing } : {}) };
}
