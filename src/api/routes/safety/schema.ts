import { z } from "@hono/zod-openapi";
import { RawSchema } from "../../../families/kit/schemas";

const CameraViewSchema = z
  .object({
    sourceId: z.string().openapi({ description: "Id of the media in the source system.", example: "media-7781" }),
    videoUrl: z
      .string()
      .url()
      .optional()
      .openapi({ description: "Short-lived URL of the video.", example: "https://media.example.com/v/7781.mp4" }),
    imageUrl: z.string().url().optional().openapi({
      description: "Short-lived URL of a still image (image-only events have no video).",
      example: "https://media.example.com/i/7781.jpg",
    }),
  })
  .openapi("CameraView");

export const CameraMediaSchema = z
  .object({
    frontFacing: CameraViewSchema.optional(),
    rearFacing: CameraViewSchema.optional(),
    raw: RawSchema.optional(),
  })
  .openapi("CameraMedia", { description: "Fresh media URLs of a safety event (contract 2.8); they expire." });
