import { archivePrefix } from "./object";

/** Keys one R2 list answers and one delete removes at most. */
const KEYS_PER_CALL = 1000;

/**
 * Deletes the archive objects of a deleted connection: every object under its prefix, whether
 * or not the index still names it, in calls of up to 1,000 keys, at most `maxCalls` list-and-
 * delete rounds. Answers the rounds used and whether the prefix is empty.
 */
export async function purgeConnectionArchive(
  archive: R2Bucket,
  connectionId: string,
  maxCalls: number,
): Promise<{ used: number; done: boolean }> {
  let used = 0;
  while (used < maxCalls) {
    const listed = await archive.list({ prefix: archivePrefix(connectionId), limit: KEYS_PER_CALL });
    used++;
    if (listed.objects.length === 0) return { used, done: true };
    await archive.delete(listed.objects.map((object) => object.key));
    if (!listed.truncated) return { used, done: true };
  }
  return { used, done: false };
}
