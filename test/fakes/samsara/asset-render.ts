/**
 * The canonical trailers (../trailers.ts) as Samsara renders them (providers-families.md 1.7):
 * the trailers listing (no VIN, make, model, year or status; the plate without its state; tags
 * for groups; an asset gateway on each), the trailer stats snapshot (the vehicle stats' `gps`
 * reading, mph), and the bytes of a document PDF for the passthrough tests. Pure functions with
 * no Node imports, so the workerd tests can import them.
 */
import { type FleetOptions, hash } from "../fleet.ts";
import { type CanonicalTrailer, trailerLocationOf } from "../trailers.ts";
import { rfc3339, tagReference } from "./render.ts";

const KM_PER_MILE = 1.609344;
export const TRAILER_GATEWAY_MODEL = "AG46P";

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `GET /fleet/trailers`: a trailer as Samsara lists it. */
export function trailerOf(trailer: CanonicalTrailer) {
  return {
    id: trailer.id,
    name: trailer.name,
    licensePlate: trailer.plate.number,
    trailerSerialNumber: trailer.serial,
    notes: "",
    enabledForMobile: true,
    tags: trailer.groupIds.map(tagReference),
    installedGateway: { model: TRAILER_GATEWAY_MODEL, serial: `GAG-${trailer.id.toUpperCase()}` },
    externalIds: {},
  };
}

/** A trailer of the stats snapshot at `now`: its latest `gps` reading, speed in mph with 2 decimals. */
export function trailerSnapshotOf(fleet: FleetOptions, trailer: CanonicalTrailer, now: number) {
  const location = trailerLocationOf(fleet, trailer, now);
  return {
    id: trailer.id,
    name: trailer.name,
    gps: {
      time: rfc3339(new Date(location.time).toISOString()),
      latitude: location.latitude,
      longitude: location.longitude,
      headingDegrees: location.heading,
      speedMilesPerHour: round2(location.speedKmh / KM_PER_MILE),
      isEcuSpeed: false,
    },
  };
}

/** Bytes of a document's PDF: a PDF header and trailer around a few KB of bytes of every value, fixed per document. */
export function documentPdfOf(seed: string, documentId: string): Uint8Array {
  const head = new TextEncoder().encode(`%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n% document ${documentId}\n`);
  const tail = new TextEncoder().encode("\n%%EOF\n");
  const body = new Uint8Array(4096 + (hash(seed, "pdf", documentId) % 1024));
  for (let index = 0; index < body.length; index++) body[index] = hash(seed, documentId, index) % 256;
  const bytes = new Uint8Array(head.length + body.length + tail.length);
  bytes.set(head, 0);
  bytes.set(body, head.length);
  bytes.set(tail, head.length + body.length);
  return bytes;
}
