/**
 * An S3 (or S3-compatible) bucket as an object target: SigV4-signed requests with aws4fetch,
 * path-style (`<endpoint>/<bucket>/<key>`, which every S3-compatible service takes and which needs
 * no DNS name per bucket). A body above the multipart threshold goes up in parts.
 */
import type { DestinationCredentials } from "../../destinations/config";
import { sendSigned, signedSender } from "./request";
import { answeredError, DeliveryTargetError, keyUnder, type ObjectTarget } from "./target";

const MiB = 1024 * 1024;
/** Bodies above this go up in parts: one failed request then resends a part, not the whole object. */
export const MULTIPART_THRESHOLD_BYTES = 16 * MiB;
/** S3's smallest part, the last one excepted (EntityTooSmall at completion otherwise). */
export const MIN_PART_BYTES = 5 * MiB;
/** The size of each part but the last. */
export const PART_BYTES = 8 * MiB;

export type S3TargetOptions = {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  credentials: DestinationCredentials;
  timeoutMs: number;
  /** Defaults to MULTIPART_THRESHOLD_BYTES; tests lower it to upload small bodies in parts. */
  multipartThresholdBytes?: number;
  /** Defaults to PART_BYTES; S3 refuses parts below MIN_PART_BYTES (s3rver does not check). */
  partBytes?: number;
  fetch?: typeof fetch;
};

/** A key's path, each segment encoded as RFC 3986 ("/" kept), as the SDK signs it: aws4fetch reads a raw "+" as a space. */
export const encodeObjectKey = (key: string) =>
  key
    .split("/")
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join("/");

/** One element's text in S3's XML (flat documents only: errors, upload ids, ETags). */
const xmlValue = (xml: string, tag: string) => xml.match(new RegExp(`<${tag}>([^<]*)</${tag}>`))?.[1];

const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export function s3Target(options: S3TargetOptions): ObjectTarget {
  const sender = signedSender({ ...options, service: "S3", signingName: "s3" });
  const threshold = options.multipartThresholdBytes ?? MULTIPART_THRESHOLD_BYTES;
  const partBytes = options.partBytes ?? PART_BYTES;
  const objectUrl = (key: string) =>
    `${options.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(options.bucket)}/${encodeObjectKey(key)}`;

  /** Sends one request; an answer other than 2xx is thrown as the service's error. */
  async function call(url: string, init: RequestInit): Promise<Response> {
    const response = await sendSigned(sender, url, init);
    if (response.ok) return response;
    const body = await response.text().catch(() => "");
    throw answeredError(
      "S3",
      { status: response.status, code: xmlValue(body, "Code"), message: xmlValue(body, "Message") },
      sender.credentials,
    );
  }

  async function putWhole(key: string, body: Uint8Array, contentType: string) {
    const response = await call(objectUrl(key), { method: "PUT", headers: { "content-type": contentType }, body });
    await response.body?.cancel();
    const etag = response.headers.get("etag");
    return etag ? { etag } : {};
  }

  async function putInParts(key: string, body: Uint8Array, contentType: string) {
    const url = objectUrl(key);
    // The object's headers are given when the upload is created; the parts carry only bytes.
    const created = await call(`${url}?uploads`, { method: "POST", headers: { "content-type": contentType } });
    const uploadId = xmlValue(await created.text(), "UploadId");
    if (!uploadId) throw new DeliveryTargetError("transient", "S3 answered CreateMultipartUpload without an UploadId.");
    const query = `uploadId=${encodeURIComponent(uploadId)}`;
    try {
      const etags: string[] = [];
      for (let offset = 0, part = 1; offset < body.length; offset += partBytes, part++) {
        const uploaded = await call(`${url}?partNumber=${part}&${query}`, {
          method: "PUT",
          body: body.subarray(offset, offset + partBytes),
        });
        await uploaded.body?.cancel();
        const etag = uploaded.headers.get("etag");
        if (!etag) throw new DeliveryTargetError("transient", `S3 answered UploadPart ${part} without an ETag.`);
        etags.push(etag);
      }
      const parts = etags.map(
        (etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag}</ETag></Part>`,
      );
      const completed = await call(`${url}?${query}`, {
        method: "POST",
        headers: { "content-type": "application/xml" },
        body: `<CompleteMultipartUpload>${parts.join("")}</CompleteMultipartUpload>`,
      });
      // S3 may answer 200 and still fail the completion: the error is then in the body.
      const answer = await completed.text();
      if (answer.includes("<Error>")) {
        throw answeredError(
          "S3",
          { status: completed.status, code: xmlValue(answer, "Code"), message: xmlValue(answer, "Message") },
          sender.credentials,
        );
      }
      const etag = xmlValue(answer, "ETag");
      return etag ? { etag: unescapeXml(etag) } : {};
    } catch (error) {
      // Best effort: the parts of an abandoned upload cost storage until aborted (or until the
      // bucket's lifecycle rule removes them); a failed abort must not hide the error itself.
      await sendSigned(sender, `${url}?${query}`, { method: "DELETE" })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
      throw error;
    }
  }

  return {
    kind: "objects",
    keyOf: keyUnder(options.prefix),
    put: (key, body, contentType) =>
      body.length > threshold ? putInParts(key, body, contentType) : putWhole(key, body, contentType),
    async remove(key) {
      const response = await call(objectUrl(key), { method: "DELETE" });
      await response.body?.cancel();
    },
  };
}
