import { svgLogo } from "./logo";

/**
 * A provider's logo when this service carries none of its own artwork: its initials on its
 * colour, square, as the hosted flow's picker shows every logo. (A brand's real logo is its
 * owner's to license; a deployment may replace these.)
 */
export function monogramLogo(initials: string, color: string): string {
  const size = initials.length > 2 ? 18 : 24;
  return svgLogo(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${color}"/><text x="32" y="${32 + size / 3}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`,
  );
}
