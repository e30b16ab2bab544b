import { monogramLogo } from "../kit/monogram";

/** A provider that resells MyGeotab under its own name: its customers' accounts are MyGeotab databases. */
export type GeotabBrand = { code: string; name: string; logo: string };

/**
 * The MyGeotab resellers the reference lists with Geotab's credential form (`username`,
 * `password`, `database`; providers-more.md §10): each is served by the one Geotab adapter under
 * its own code and name. Their customers sign in to the same MyGeotab federation (my.geotab.com
 * redirects each database to its server), so none needs a server of its own.
 */
export const GEOTAB_RESELLERS: readonly GeotabBrand[] = [
  ["geotab-att", "Geotab AT&T", "AT", "#00a8e0"],
  ["advantage-one", "Advantage One", "A1", "#1f4e79"],
  ["argos", "Argos Connected Solutions", "AR", "#0b6e4f"],
  ["attrix", "Attrix", "AX", "#5b2a86"],
  ["blue-arrow", "Blue Arrow Telematics", "BA", "#1565c0"],
  ["eagle-wireless", "Eagle Wireless", "EW", "#8d6e00"],
  ["envue-telematics", "EnVue Telematics", "EV", "#00796b"],
  ["fleet-profit-center", "Fleet Profit Center", "FPC", "#2e7d32"],
  ["fleetistics", "Fleetistics", "FL", "#c62828"],
  ["gofleet", "GoFleet", "GF", "#ef6c00"],
  ["gogps", "GoGPS", "GG", "#283593"],
  ["gps-tracking-canada", "GPS Tracking Canada", "GTC", "#b71c1c"],
  ["graybox-solutions", "GrayBox Solutions", "GB", "#455a64"],
  ["gridline", "Gridline", "GL", "#6a1b9a"],
  ["high-point-gps", "High Point GPS", "HP", "#00838f"],
  ["io-tab", "IoTab", "IO", "#37474f"],
  ["transflo", "Transflo", "TF", "#0d47a1"],
].map(([code, name, initials, color]) => ({
  code: code as string,
  name: name as string,
  logo: monogramLogo(initials as string, color as string),
}));
