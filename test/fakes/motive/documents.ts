/**
 * A binary route of the fake Motive API, for passthrough: `GET /v1/logs/{log_id}/pdf`, a
 * driver's daily log as a printable PDF (`application/pdf`, with its `Content-Length`). The path
 * is an assumption (Motive's document downloads were not captured); what matters is that the
 * answer is binary: its bytes include every byte value, so any text decoding on the way breaks it.
 */

const encoder = new TextEncoder();

/** The PDF of a log: deterministic from its id. */
export function motiveLogPdf(logId: number): Uint8Array {
  const version = encoder.encode("%PDF-1.4\n");
  // The binary comment line PDF writers put after the version, then an object and a stream of every byte value.
  const binary = Uint8Array.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);
  const object = encoder.encode(`1 0 obj\n<< /Title (Daily log ${logId}) /Length 512 >>\nstream\n`);
  const stream = Uint8Array.from({ length: 512 }, (_, index) => (index * 7 + logId) % 256);
  const tail = encoder.encode("\nendstream\nendobj\n%%EOF\n");
  const parts = [version, binary, object, stream, tail];
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** `GET /v1/logs/{log_id}/pdf`. */
export function logPdf(logId: number): Response {
  const bytes = motiveLogPdf(logId);
  return new Response(bytes, {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(bytes.byteLength),
      "content-disposition": `attachment; filename="log-${logId}.pdf"`,
    },
  });
}
