import type { IssueCode } from "../../model/normalized";
import { ProviderError } from "../errors";
import { clampPageSize } from "../kit/page-size";
import type { ProviderPage, ReadRequest } from "../types";
import { MOTIVE_MAX_PER_PAGE, MotiveClient, MotiveForbiddenError, type MotiveQuery } from "./client";
import { decodeMotiveCursor, encodeMotiveCursor } from "./cursor";

/** A model Motive lists in full: one wrapped list endpoint (`{ "<list>": [{ "<item>": {…} }] }`). */
export type MotiveListing = {
  path: string;
  list: string;
  item: string;
  query?: MotiveQuery;
  /** What the records are, for messages. */
  what: string;
  /**
   * A 403 on vehicles or drivers means the key cannot read the fleet at all, which only the
   * customer can fix: the credentials are refused. Groups and ELD devices are extras: a 403
   * there is an issue and the sync goes on.
   */
  essential: boolean;
};

/**
 * A full listing, page by page: Motive's inner objects, untouched, and the next page's number.
 * The raw entries' `schema` is the endpoint the payloads came from.
 */
export function motiveListing(listing: MotiveListing): (request: ReadRequest) => Promise<ProviderPage> {
  return async (request: ReadRequest): Promise<ProviderPage> => {
    const client = MotiveClient.of(request.context, request.credentials);
    const schema = listing.path;
    const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
    try {
      const answer = await client.list(listing.path, listing, listing.query ?? {}, {
        no: page,
        perPage: perPage(request.pageSize),
      });
      return {
        items: answer.items,
        schema,
        ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}),
      };
    } catch (error) {
      if (!(error instanceof MotiveForbiddenError)) throw error;
      if (listing.essential) {
        throw new ProviderError(
          "unauthorized",
          `${error.message} The API key may not read the fleet's ${listing.what}.`,
        );
      }
      return { items: [], schema, issues: [missingPermissions(`${error.message} The ${listing.what} were not read.`)] };
    }
  };
}

/** The page size to ask for: what the engine wants, within Motive's 1–100. */
export function perPage(requested: number): number {
  return clampPageSize(requested, MOTIVE_MAX_PER_PAGE, 1);
}

export function missingPermissions(message: string): { code: IssueCode; message: string } {
  return { code: "missing_permissions", message };
}
