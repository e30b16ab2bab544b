import type { MotiveCameraMedia } from "./payloads";

/** The two cameras of a Motive dash cam as an event's `camera_media` links them. */

export type CameraLinks = { video: string | null; image: string | null };

/** Road-facing and driver-facing links; plain videos are preferred to the enhanced (annotated) ones. */
export function cameraLinks(media: MotiveCameraMedia): { front: CameraLinks; driver: CameraLinks } {
  const videos = media.downloadable_videos;
  const images = media.downloadable_images;
  return {
    front: {
      video: videos?.front_facing_plain_url ?? videos?.front_facing_enhanced_url ?? null,
      image: images?.front_facing_jpg_url ?? null,
    },
    driver: {
      video: videos?.driver_facing_plain_url ?? videos?.driver_facing_enhanced_url ?? null,
      image: images?.driver_facing_jpg_url ?? null,
    },
  };
}

/** One media id covers both cameras at Motive; the camera makes each view's id distinct. */
export function cameraSourceId(media: { id: number }, camera: "front" | "driver"): string {
  return `${media.id}-${camera === "front" ? "front_facing" : "driver_facing"}`;
}
