import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { LocationSchema, ProviderSchema, RawQuerySchema, RawSchema } from "../kit/schemas";
import { ExpandedTrailerSchema } from "../trailers/expanded";
import { AddressSchema } from "../vehicle-locations/schema";

export const LatestTrailerLocationSchema = z
  .object({
    provider: ProviderSchema,
    trailer: z
      .union([idSchema("trailer"), ExpandedTrailerSchema])
      .openapi({ description: "The trailer's id; the trailer object with `expand=trailer`." }),
    locatedAt: DateTimeSchema.openapi({ description: "When the trailer was there." }),
    location: LocationSchema,
    address: AddressSchema.optional(),
    heading: z.number().optional().openapi({ description: "Degrees clockwise from north.", example: 92 }),
    speed: z.number().optional().openapi({ description: "km/h.", example: 88.5 }),
    raw: RawSchema.optional(),
  })
  .openapi("LatestTrailerLocation", { description: "Where a trailer is now." });

export const ListLatestTrailerLocationsQuerySchema = PaginationQuerySchema.extend({
  expand: z
    .enum(["trailer"])
    .optional()
    .openapi({ description: "Turns `trailer` into the trailer object.", example: "trailer" }),
  raw: RawQuerySchema,
});
