/**
 * The fake Samsara's IFTA vehicle report (providers-families.md 1.4 and the fidelity checklist
 * of section 5), served from the canonical fleet's IFTA distances (../ifta.ts):
 *
 * - `GET /fleet/reports/ifta/vehicle`: `year` required (an integer), and `month` (`January` …
 *   `December`) or `quarter` (`Q1` … `Q4`), one of them and not both; `vehicleIds` (ids or
 *   `samsara.vin:<VIN>`), `jurisdictions` (codes) and `fuelType` narrow it. `data` is an object,
 *   `{ year, month | quarter, vehicleReports }`, a report per vehicle of the fleet (its
 *   `jurisdictions` empty where it drove nowhere in the period), paged with `after` by
 *   IFTA_PAGE_SIZE vehicles. The days that are over count, in UTC (the organization's time zone
 *   here). Metres to one decimal; tax-paid litres in some jurisdictions (taxPaidLitersOf).
 *
 * A bad parameter is a 400 `{ message, requestId }`. Samsara says nothing of distance driven
 * outside every IFTA jurisdiction: this fake lists it as the jurisdiction "" (unverified).
 */
import { type CanonicalVehicle, type FleetOptions, hash, vehiclesAt } from "../fleet.ts";
import { iftaOfVehicleMonth } from "../ifta.ts";
import { BadRequest, pageOf } from "./paging.ts";
import { listOf } from "./params.ts";
import type { Route } from "./server.ts";

/** Vehicle reports per page (the endpoint takes no `limit`; the fake's choice). */
export const IFTA_PAGE_SIZE = 25;
const IFTA_SCOPE = "Read IFTA (US)";

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const QUARTERS = ["Q1", "Q2", "Q3", "Q4"] as const;
const FUEL_TYPES = [
  "Unspecified",
  "A55",
  "Biodiesel",
  "CompressedNaturalGas",
  "Diesel",
  "E85",
  "Electricity",
  "Ethanol",
  "Gasohol",
  "Gasoline",
  "Hydrogen",
  "LiquifiedNaturalGas",
  "M85",
  "Methanol",
  "Propane",
  "Other",
];
const FUEL_TYPE_OF: Readonly<Record<CanonicalVehicle["fuelType"], string>> = {
  diesel: "Diesel",
  gasoline: "Gasoline",
  electric: "Electricity",
};

export const IFTA_ROUTES: Record<string, Route> = {
  "/fleet/reports/ifta/vehicle": {
    scope: IFTA_SCOPE,
    handle: ({ url, account, now }) => {
      const year = yearOf(url);
      const month = url.searchParams.get("month");
      const quarter = url.searchParams.get("quarter");
      if (month !== null && quarter !== null) throw new BadRequest("month and quarter cannot both be specified");
      if (month === null && quarter === null) throw new BadRequest("one of month or quarter is required");
      const months = month !== null ? [monthOf(year, month)] : quarterMonths(year, quarter!);
      const vehicleIds = listOf(url, "vehicleIds");
      const codes = listOf(url, "jurisdictions");
      const fuelType = url.searchParams.get("fuelType");
      if (fuelType !== null && !FUEL_TYPES.includes(fuelType)) {
        throw new BadRequest(`fuelType must be one of: ${FUEL_TYPES.join(", ")}`);
      }
      const vehicles = vehiclesAt(account.fleet).filter(
        (vehicle) =>
          (!vehicleIds || vehicleIds.includes(vehicle.id) || vehicleIds.includes(`samsara.vin:${vehicle.vin}`)) &&
          (fuelType === null || FUEL_TYPE_OF[vehicle.fuelType] === fuelType),
      );
      const binding = `ifta|${year}|${month}|${quarter}|${vehicleIds?.join(",")}|${codes?.join(",")}|${fuelType}`;
      const page = pageOf(vehicles, url, IFTA_PAGE_SIZE, binding);
      const vehicleReports = page.data.map((vehicle) => ({
        vehicle: { id: vehicle.id, name: vehicle.name, externalIds: { "samsara.vin": vehicle.vin } },
        jurisdictions: iftaJurisdictionsOf(account.fleet, vehicle, months, now).filter(
          (entry) => !codes || codes.includes(entry.jurisdiction),
        ),
      }));
      return {
        data: { year, ...(month !== null ? { month } : { quarter }), vehicleReports },
        pagination: page.pagination,
      };
    },
  },
};

export type SamsaraIftaJurisdiction = {
  jurisdiction: string;
  totalMeters: number;
  taxableMeters: number;
  taxPaidLiters?: number;
};

/**
 * A vehicle's `jurisdictions` over months (YYYY-MM) as of `now`, by code ("" for none first):
 * the canonical km in metres to one decimal, a few percent not taxable in some jurisdictions,
 * the tax-paid litres of the months that have them.
 */
export function iftaJurisdictionsOf(
  fleet: FleetOptions,
  vehicle: CanonicalVehicle,
  months: readonly string[],
  now: number,
): SamsaraIftaJurisdiction[] {
  const totals = new Map<string, { km: number; liters?: number }>();
  for (const month of months) {
    for (const [code, km] of iftaOfVehicleMonth(fleet, vehicle.id, month, now)) {
      const total = totals.get(code ?? "") ?? { km: 0 };
      total.km += km;
      const liters = taxPaidLitersOf(fleet, vehicle, month, code, km);
      if (liters !== undefined) total.liters = round1((total.liters ?? 0) + liters);
      totals.set(code ?? "", total);
    }
  }
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([jurisdiction, { km, liters }]) => {
      const totalMeters = round1(km * 1000);
      if (totalMeters === 0) return [];
      const taxableShare = hash(fleet.seed, "ifta-taxable", vehicle.id, jurisdiction) % 5 === 0 ? 0.97 : 1;
      return [
        {
          jurisdiction,
          totalMeters,
          taxableMeters: round1(totalMeters * taxableShare),
          ...(liters === undefined ? {} : { taxPaidLiters: liters }),
        },
      ];
    });
}

/**
 * The tax-paid litres a vehicle bought in a jurisdiction over a month it drove `km` there: in
 * about two jurisdiction-months out of three, the fuel it burnt there give or take 20 %; none
 * for electric vehicles or outside every jurisdiction. To one decimal.
 */
export function taxPaidLitersOf(
  fleet: FleetOptions,
  vehicle: CanonicalVehicle,
  month: string,
  code: string | null,
  km: number,
): number | undefined {
  if (code === null || vehicle.fuelEfficiency === undefined || km <= 0) return undefined;
  const h = hash(fleet.seed, "ifta-fuel", vehicle.id, month, code);
  if (h % 3 === 0) return undefined;
  return round1(((km * vehicle.fuelEfficiency) / 100) * (0.8 + (h % 41) / 100));
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function yearOf(url: URL): number {
  const value = url.searchParams.get("year");
  if (value === null) throw new BadRequest("year is missing from query string");
  if (!/^\d{4}$/.test(value)) throw new BadRequest(`Invalid value for parameter 'year': must be an integer`);
  return Number(value);
}

/** `month` as YYYY-MM; a 400 for anything but a full English month name. */
function monthOf(year: number, name: string): string {
  const index = (MONTH_NAMES as readonly string[]).indexOf(name);
  if (index < 0) throw new BadRequest(`month must be one of: ${MONTH_NAMES.join(", ")}`);
  return `${year}-${String(index + 1).padStart(2, "0")}`;
}

function quarterMonths(year: number, quarter: string): string[] {
  const index = (QUARTERS as readonly string[]).indexOf(quarter);
  if (index < 0) throw new BadRequest(`quarter must be one of: ${QUARTERS.join(", ")}`);
  return [1, 2, 3].map((k) => `${year}-${String(index * 3 + k).padStart(2, "0")}`);
}
