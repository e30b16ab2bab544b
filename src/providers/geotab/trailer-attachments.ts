import { type GeotabTrailerAttachment, geotabTrailerAttachment } from "./asset-payloads";
import type { GetCall } from "./client";
import { MAX_RESULTS } from "./paging";

/**
 * Which trailers are hitched now, and to which device. Geotab keeps a trailer's attachments as
 * dated records; a search with `activeFrom` = now answers those still active then (the current
 * ones end at MaxDate, 2050-01-01). The answer is checked again here (an attachment that
 * begins later, or has ended, is not current), and a trailer with two current attachments (a
 * hitch recorded over another) is with the latest one.
 */

/** The `Get TrailerAttachment` of the attachments active at `now`. */
export function currentAttachmentsCall(now: number): GetCall {
  return {
    typeName: "TrailerAttachment",
    search: { activeFrom: new Date(now).toISOString() },
    resultsLimit: MAX_RESULTS,
  };
}

/** A trailer's current attachment: as Geotab sent it, and as read. */
export type CurrentAttachment = { sent: unknown; attachment: GeotabTrailerAttachment };

/** The current attachment of each trailer (by trailer id), and how many could not be read. */
export function currentAttachments(
  sent: readonly unknown[],
  now: number,
): { byTrailer: Map<string, CurrentAttachment>; unreadable: number } {
  const byTrailer = new Map<string, CurrentAttachment>();
  let unreadable = 0;
  for (const item of sent) {
    const parsed = geotabTrailerAttachment.safeParse(item);
    if (!parsed.success) {
      unreadable++;
      continue;
    }
    const attachment = parsed.data;
    const from = Date.parse(attachment.activeFrom);
    const to = attachment.activeTo === undefined ? Number.POSITIVE_INFINITY : Date.parse(attachment.activeTo);
    if (from > now || to <= now) continue;
    const known = byTrailer.get(attachment.trailer.id);
    if (known === undefined || Date.parse(known.attachment.activeFrom) < from) {
      byTrailer.set(attachment.trailer.id, { sent: item, attachment });
    }
  }
  return { byTrailer, unreadable };
}
