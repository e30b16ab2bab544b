import { z } from "@hono/zod-openapi";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MixClient, PROVIDER } from "../client";
import { mixMs, mixPathTime } from "../dates";
import { idArray } from "../json";
import { listOf, organisationAssets } from "../organisation";
import { walkWindow } from "../walk";
import { mapHistoricalPosition } from "./positions";

const SCHEMA = "api/positions/assets/from/{from}/to/{to}";

/**
 * Breadcrumbs: `POST api/positions/assets/from/{from}/to/{to}` (UTC `yyyyMMddHHmmss`) with one
 * asset id, one asset and UTC day per request (walk.ts). MiX's bounds are inclusive: the answer
 * is filtered to [from, to) so that adjacent days never share a point.
 */
export const mixVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: "api",
  read: readPositions,
  normalize: mapHistoricalPosition,
};

const timed = z.object({ Timestamp: z.string() });

async function readPositions(request: ReadRequest): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, "vehicleLocations", request.window);
  const client = MixClient.of(request.context, request.credentials);
  const { assetIds } = await organisationAssets(client, request.connection.id);
  return walkWindow({
    window,
    keys: assetIds,
    cursor: request.cursor,
    pageSize: request.pageSize,
    schema: SCHEMA,
    read: async ({ key, from, to }) => {
      const path = `api/positions/assets/from/${mixPathTime(from)}/to/${mixPathTime(to - 1000)}`;
      return listOf(await client.post(path, idArray([key])), SCHEMA).filter((item) => {
        const parsed = timed.safeParse(item);
        // One without a readable time is kept: normalize rejects it and the sync reports it.
        const at = parsed.success ? mixMs(parsed.data.Timestamp) : Number.NaN;
        return Number.isNaN(at) || (at >= from && at < to);
      });
    },
  });
}
