import type { SyncModel } from "../../model/normalized";
import { clampPageSize } from "../kit/page-size";
import type { ProviderPage, ReadRequest } from "../types";
import { nextAfter, SamsaraClient, SamsaraForbiddenError, samsaraCredentials } from "./client";
import { decodeSamsaraCursor, encodeSamsaraCursor, type SamsaraCursor } from "./cursor";
import { samsaraListEnvelope } from "./payloads";

/** `limit` of the entity lists (vehicles, drivers, tags): default and maximum 512. */
export const SAMSARA_LIST_LIMIT = 512;

/** What a model's reader is given: the read request, with the adapter's cursor decoded. */
export type SamsaraReadInput = Omit<ReadRequest, "cursor"> & { cursor: SamsaraCursor | undefined };

type ModelRead = (request: ReadRequest) => Promise<ProviderPage>;
type SamsaraRead = (client: SamsaraClient, input: SamsaraReadInput) => Promise<Omit<ProviderPage, "schema">>;

/**
 * The page reader of a model: one Samsara request, its records untouched (utilization rows
 * and camera accessories wrapped with what they do not say themselves), and the adapter's
 * cursor of the next page. `schema` is the raw entries' `schema`: the Samsara endpoint the
 * model's payloads come from. A 403 (a scope the token lacks) ends the listing with a
 * `missing_permissions` issue instead of failing the sync.
 */
export function samsaraPages(model: SyncModel, schema: string, read: SamsaraRead): ModelRead {
  return async (request: ReadRequest): Promise<ProviderPage> => {
    const client = new SamsaraClient(samsaraCredentials(request.credentials), request.context);
    const cursor = request.cursor === undefined ? undefined : decodeSamsaraCursor(request.cursor, model);
    try {
      const page = await read(client, { ...request, cursor });
      return { schema, ...page };
    } catch (error) {
      if (!(error instanceof SamsaraForbiddenError)) throw error;
      return { items: [], schema, issues: [{ code: "missing_permissions", message: error.message }] };
    }
  };
}

/** A plain cursor-paged list with a `limit` (tags, vehicles). */
export function samsaraList(model: SyncModel, schema: string, path: string): ModelRead {
  return samsaraPages(model, schema, async (client, input) => {
    const body = await client.get(
      path,
      { limit: listLimit(input.pageSize), after: input.cursor?.after },
      samsaraListEnvelope,
    );
    const after = nextAfter(body.pagination);
    return { items: body.data, ...next(after && { model, after }) };
  });
}

export function listLimit(pageSize: number): number {
  return clampPageSize(pageSize, SAMSARA_LIST_LIMIT);
}

/** The `nextCursor` of a page: the cursor of where the next one starts, absent on the last. */
export function next(cursor: SamsaraCursor | undefined | "" | false): { nextCursor?: string } {
  return cursor ? { nextCursor: encodeSamsaraCursor(cursor) } : {};
}
