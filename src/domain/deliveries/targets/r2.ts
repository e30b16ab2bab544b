/**
 * The Worker's own R2 bucket (DESTINATIONS_BUCKET) as an object target: each `r2` destination
 * writes under its prefix. The binding needs no credentials and no multipart below 5 GiB, far
 * more than a Worker holds in memory.
 */
import { DeliveryTargetError, keyUnder, type ObjectTarget } from "./target";

/** An error of the binding (R2's internal errors, its rate limits): R2 asks to retry them. */
function bindingError(operation: string, error: unknown): DeliveryTargetError {
  const message = error instanceof Error ? error.message.slice(0, 300) : "unknown error";
  return new DeliveryTargetError("transient", `R2 ${operation} failed: ${message}`);
}

export function r2Target(bucket: R2Bucket, prefix: string): ObjectTarget {
  return {
    kind: "objects",
    keyOf: keyUnder(prefix),
    async put(key, body, contentType) {
      let object: R2Object | null;
      try {
        object = await bucket.put(key, body, { httpMetadata: { contentType } });
      } catch (error) {
        throw bindingError("put", error);
      }
      // Quoted, as S3's ETag header is.
      return object ? { etag: object.httpEtag } : {};
    },
    async remove(key) {
      try {
        await bucket.delete(key);
      } catch (error) {
        throw bindingError("delete", error);
      }
    },
  };
}
