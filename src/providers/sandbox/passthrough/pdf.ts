/**
 * A minimal PDF 1.4 writer for one-page text documents (the sandbox's vehicle reports): a
 * catalog, one US Letter page, the two standard Helvetica fonts (no embedding), one content
 * stream, an information dictionary and an exact cross-reference table, so that any reader
 * opens it. Text is written in the standard encoding: characters outside printable ASCII are
 * transliterated or replaced.
 */

export type PdfLine = { text: string; size?: number; bold?: boolean; gapBefore?: number };

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const DEFAULT_SIZE = 11;
const LINE_HEIGHT = 1.4;

export function textPdf(document: { title: string; createdAt: number; lines: readonly PdfLine[] }): Uint8Array {
  const content = contentStream(document.lines);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      "/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(document.title)} /Producer (Sandbox API) /CreationDate (${pdfDate(document.createdAt)}) >>`,
  ];
  // The second line's bytes above 127 tell transfer tools the file is binary (PDF 1.4, 7.5.2).
  let pdf = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(pdf);
}

/** Each line its own text object, top down from the margin. */
function contentStream(lines: readonly PdfLine[]): string {
  let y = PAGE_HEIGHT - MARGIN;
  const operators: string[] = [];
  for (const line of lines) {
    const size = line.size ?? DEFAULT_SIZE;
    y -= (line.gapBefore ?? 0) + size * LINE_HEIGHT;
    if (y < MARGIN) break;
    operators.push(`BT /${line.bold ? "F2" : "F1"} ${size} Tf ${MARGIN} ${round(y)} Td ${pdfString(line.text)} Tj ET`);
  }
  return operators.join("\n");
}

/** A literal string: printable ASCII, with `\`, `(` and `)` escaped. */
function pdfString(text: string): string {
  const ascii = text
    .replace(/[\u00b7\u2013\u2014]/g, "-")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?");
  return `(${ascii.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/** D:YYYYMMDDHHmmSSZ (UTC). */
function pdfDate(ms: number): string {
  return `D:${new Date(ms).toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`;
}

/** One byte per character: the document is ASCII but for the binary marker. */
function latin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
