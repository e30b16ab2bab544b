import { ProviderError } from "../../../providers/errors";

/** The most of a provider's body put in the JSON envelope; larger ones are asked for raw. */
export const MAX_ENVELOPE_BYTES = 8_000_000;

/** Headers of the provider's answer never passed on: its cookies, and what describes its transport, not its content. */
const DROPPED = new Set([
  "set-cookie",
  "set-cookie2",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-encoding",
]);
/** Headers a raw answer keeps: what a download needs. */
const RAW_KEPT = ["content-type", "content-length", "content-disposition", "etag", "last-modified", "cache-control"];

/** The provider's response headers, as the envelope shows them. */
export function answerHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!DROPPED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  });
  return headers;
}

/** Whether a body of this content type goes in the JSON envelope (JSON and text), rather than raw. */
export function fitsEnvelope(contentType: string | null): boolean {
  if (!contentType) return true;
  const type = contentType.split(";", 1)[0]!.trim().toLowerCase();
  return (
    type === "application/json" ||
    type.endsWith("+json") ||
    type.startsWith("text/") ||
    type.endsWith("/xml") ||
    type.endsWith("+xml")
  );
}

/**
 * The provider's body for the envelope: its JSON parsed, other text as a string, null when
 * empty. Read up to MAX_ENVELOPE_BYTES: a larger body is refused as such (the caller can ask
 * for it raw), never cut.
 */
export async function envelopeBody(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > MAX_ENVELOPE_BYTES) throw tooLarge();
  const reader = response.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ENVELOPE_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(concat(chunks, size));
  if (text === "") return null;
  const type = (response.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      // The provider said JSON and sent something else: the caller gets what it sent.
      return text;
    }
  }
  return text;
}

/** A raw answer: the provider's body streamed as it comes, its content headers, its status in `Provider-Status`. */
export function rawAnswer(response: Response): Response {
  const headers = new Headers({ "provider-status": String(response.status) });
  for (const name of RAW_KEPT) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (!headers.has("content-type")) headers.set("content-type", "application/octet-stream");
  return new Response(response.body, { status: 200, headers });
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const tooLarge = () =>
  new ProviderError(
    "malformed",
    `The provider's answer is larger than ${MAX_ENVELOPE_BYTES / 1_000_000} MB, too large for the JSON envelope; ask for it raw with Accept: application/octet-stream.`,
  );
