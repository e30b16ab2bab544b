import { z } from "@hono/zod-openapi";
import { cursorCodec, plainText } from "../../kit/cursor";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MixClient, MixForbiddenError, PROVIDER } from "../client";
import { idArray } from "../json";
import { listOf, organisationAssets } from "../organisation";
import { mapLatestPosition } from "./positions";

const SCHEMA = "api/positions/assets/latest/{quantity}";

/** Asset ids one request sends at most (MiX documents no limit; kept modest). */
export const LATEST_BATCH_MAX = 100;

/**
 * The live snapshot: `POST api/positions/assets/latest/1` with a JSON array of asset ids, the
 * last position of each. A page asks for up to pageSize assets; its cursor is the offset of the
 * next in the sorted list. An asset without a position yet is absent from the answer.
 */
export const mixLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: "api",
  read: readLatest,
  normalize: mapLatestPosition,
};

const offsetCodec = cursorCodec<number>({
  provider: PROVIDER,
  format: plainText,
  write: String,
  read: z
    .string()
    .regex(/^[1-9]\d{0,6}$/)
    .transform(Number),
});

async function readLatest(request: ReadRequest): Promise<ProviderPage> {
  const client = MixClient.of(request.context, request.credentials);
  const offset = request.cursor === undefined ? 0 : offsetCodec.decode(request.cursor);
  const { assetIds } = await organisationAssets(client, request.connection.id);
  const batch = assetIds.slice(offset, offset + Math.min(LATEST_BATCH_MAX, Math.max(1, request.pageSize)));
  if (batch.length === 0) return { items: [], schema: SCHEMA };
  let items: unknown[];
  try {
    items = listOf(await client.post("api/positions/assets/latest/1", idArray(batch)), SCHEMA);
  } catch (error) {
    if (!(error instanceof MixForbiddenError)) throw error;
    return { items: [], schema: SCHEMA, issues: [{ code: "missing_permissions", message: error.message }] };
  }
  const next = offset + batch.length;
  return { items, schema: SCHEMA, ...(next < assetIds.length ? { nextCursor: offsetCodec.encode(next) } : {}) };
}
