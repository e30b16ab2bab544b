/** A provider's SVG logo as the data URL GET /providers answers (no image hosting to run). */
export function svgLogo(svg: string): string {
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}
