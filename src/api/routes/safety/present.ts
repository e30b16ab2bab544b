import { optional } from "../../../families/kit/present";
import type { CameraView, RawEntry } from "../../../model/normalized";
import type { CameraMediaPage } from "../../../providers/types";

export type CameraMediaView = { frontFacing?: CameraView; rearFacing?: CameraView; raw?: RawEntry[] };

function presentView(view: CameraView | undefined): CameraView | undefined {
  if (view === undefined) return undefined;
  return {
    sourceId: view.sourceId,
    ...optional("videoUrl", view.videoUrl),
    ...optional("imageUrl", view.imageUrl),
  };
}

/** Camera media of a safety event (contract 2.8), read live; the raw entry is the provider's answer of this read. */
export function presentCameraMedia(
  page: CameraMediaPage,
  options: { raw?: boolean; provider: string; extractedAt: Date },
): CameraMediaView {
  return {
    ...optional("frontFacing", presentView(page.media.frontFacing)),
    ...optional("rearFacing", presentView(page.media.rearFacing)),
    ...(options.raw
      ? {
          raw: [
            {
              provider: options.provider,
              schema: page.schema,
              extractedAt: options.extractedAt.toISOString(),
              data: page.payload,
            },
          ],
        }
      : {}),
  };
}
