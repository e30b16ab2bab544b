import type { CameraView, NormalizedCameraMedia } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { CameraMediaPage, CameraMediaSource, LiveReadRequest } from "../../types";
import { type CameraLinks, cameraLinks, cameraSourceId } from "../cameras";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "../client";
import { motiveDriverPerformanceEvent } from "../payloads";

/** The event read again (its signed links expire), with its media links, at the adapter's one pace (providers.md 2.3). */
export const motiveCameraMedia: CameraMediaSource = { pace: "api", read: readCameraMedia };

async function readCameraMedia(request: LiveReadRequest, eventSourceId: string): Promise<CameraMediaPage> {
  if (!/^\d{1,18}$/.test(eventSourceId)) {
    throw new ProviderError("malformed", `${PROVIDER}: ${JSON.stringify(eventSourceId)} is not a Motive event id.`);
  }
  const client = MotiveClient.of(request.context, request.credentials);
  let body: unknown;
  try {
    body = await client.get(`/v1/driver_performance_events/${eventSourceId}`, { media_required: true });
  } catch (error) {
    if (error instanceof MotiveForbiddenError) {
      throw new ProviderError("not_supported", `${error.message} The account may not read camera media.`);
    }
    throw error;
  }
  const payload =
    typeof body === "object" && body !== null ? (body as Record<string, unknown>).driver_performance_event : undefined;
  return { media: mapCameraMedia(payload), schema: "/v1/driver_performance_events/{id}", payload };
}

/**
 * The links of an event's media, read live. Road-facing → `frontFacing`, driver-facing →
 * `rearFacing`; plain videos are preferred to the enhanced (annotated) ones. No camera means
 * no media; media Motive has not transcoded yet (no link at all) is ProviderError("provisioning_pending").
 */
export function mapCameraMedia(payload: unknown): NormalizedCameraMedia {
  const event = parsePayload(PROVIDER, motiveDriverPerformanceEvent, payload, "driver performance event");
  const media = event.camera_media;
  if (!media?.available) return {};
  const { front, driver } = cameraLinks(media);
  const view = (camera: "front" | "driver", links: CameraLinks): CameraView | undefined =>
    links.video === null && links.image === null
      ? undefined
      : {
          sourceId: cameraSourceId(media, camera),
          ...(links.video !== null ? { videoUrl: links.video } : {}),
          ...(links.image !== null ? { imageUrl: links.image } : {}),
        };
  const frontFacing = view("front", front);
  const rearFacing = view("driver", driver);
  if (!frontFacing && !rearFacing) {
    throw new ProviderError(
      "provisioning_pending",
      `Motive has not prepared the camera media of event ${event.id} yet (transcoding: ${media.auto_transcode_status ?? "unknown"}).`,
    );
  }
  return { ...(frontFacing ? { frontFacing } : {}), ...(rearFacing ? { rearFacing } : {}) };
}
