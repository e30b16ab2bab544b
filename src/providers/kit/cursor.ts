import type { z } from "@hono/zod-openapi";
import { fromBase64Url, toBase64Url, utf8 } from "../../lib/encoding";
import { ProviderError } from "../errors";

/**
 * Page cursors: where a provider listing's next page starts, opaque to the engine, which hands
 * each back with the next read (through the queue, so a cursor written by one deploy may be
 * read by the next: a provider's cursor fields and format never change once issued). A
 * provider describes its fields (short keys, since cursors travel in URLs and messages) and
 * this codec does the rest: writing, reading back, validating, and the one error for a cursor
 * the adapter did not issue, or issued for another listing.
 */

/** How a cursor body is written as text. */
export type CursorFormat = { write(body: unknown): string; read(text: string): unknown };

/** base64url of JSON: opaque, and in the contract's cursor alphabet. */
export const base64UrlJson: CursorFormat = {
  write: (body) => toBase64Url(utf8.encode(JSON.stringify(body))),
  read: (text) => JSON.parse(utf8.decode(fromBase64Url(text))),
};

/** The body as it is: for a provider's own page numbers, already short and in the alphabet. */
export const plainText: CursorFormat = { write: (body) => String(body), read: (text) => text };

export type CursorCodec<Cursor> = {
  encode(cursor: Cursor): string;
  /**
   * The cursor written in `text`; ProviderError("malformed") for anything this codec did not
   * write, or, when `belongs` says so, wrote for another listing.
   */
  decode(text: string, belongs?: (cursor: Cursor) => boolean): Cursor;
  /** The error of a cursor this adapter did not issue (for checks only the reader can make). */
  malformed(): ProviderError;
};

export function cursorCodec<Cursor>(spec: {
  /** The provider's name, which starts the error message. */
  provider: string;
  /** Who issued the cursors, in the error message: the adapter, or (the sandbox) the provider itself. */
  issuer?: "adapter" | "provider";
  /** base64url JSON unless said otherwise. */
  format?: CursorFormat;
  /** The body a cursor is written as. */
  write(cursor: Cursor): unknown;
  /** Validates a body read back and makes it the cursor again. */
  read: z.ZodType<Cursor>;
}): CursorCodec<Cursor> {
  const { format = base64UrlJson, issuer = "adapter" } = spec;
  const malformed = () =>
    new ProviderError("malformed", `${spec.provider}: the cursor is not one this ${issuer} issued for this listing.`);
  return {
    encode: (cursor) => format.write(spec.write(cursor)),
    decode(text, belongs) {
      let body: unknown;
      try {
        body = format.read(text);
      } catch {
        throw malformed();
      }
      const parsed = spec.read.safeParse(body);
      if (!parsed.success || (belongs && !belongs(parsed.data))) throw malformed();
      return parsed.data;
    },
    malformed,
  };
}
