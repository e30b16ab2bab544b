import type { NormalizedVehicle } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { wholeListing } from "../listing";
import { type VerizonVehicle, verizonVehicle } from "../payloads";
import { present, round2 } from "../values";

/** `GET /cmd/v1/vehicles`: the account's vehicles, a bare array, whole (no paging). */
export const verizonVehicles: ProviderModel<"vehicles"> = {
  pace: "api",
  read: wholeListing("/cmd/v1/vehicles"),
  normalize: mapVehicle,
};

/** Litres per 100 km in one US mile per gallon: L/100 km = this / mpg. */
const L100KM_MPG = 235.214583;

/**
 * A vehicle: its number is its id (every per-vehicle path takes it). Verizon's vehicle has no
 * status (the listing is the account's vehicles), no groups and no device. Its fuel economy is
 * the rated city and highway MPG (US gallons), combined as the EPA weighs them (55 % city, 45 %
 * highway). Not mapped: `TankCapacity`, whose unit is undocumented, and `FuelType`, an integer
 * enum whose values are undocumented; both stay in the raw payload.
 */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const vehicle = parsePayload(PROVIDER, verizonVehicle, payload, "vehicle");
  const year = vehicle.Year;
  const efficiency = fuelEfficiency(vehicle);
  const plate = vehicle.RegistrationNumber?.trim();
  return {
    sourceId: vehicle.VehicleNumber,
    status: "active",
    ...present("name", vehicle.Name),
    ...present("vin", vehicle.VIN),
    ...present("make", vehicle.Make),
    ...present("model", vehicle.Model),
    ...(year != null && year >= 1900 && year <= 2100 ? { year } : {}),
    ...(plate ? { licensePlate: { number: plate } } : {}),
    ...(efficiency !== undefined ? { fuelEfficiency: efficiency } : {}),
    groupSourceIds: [],
    deviceSourceIds: [],
  };
}

/** Litres per 100 km from the rated MPGs (one of them when only one is known). */
export function fuelEfficiency({ CityMPG: city, HighwayMPG: highway }: VerizonVehicle): number | undefined {
  const valid = (mpg: number | null | undefined): mpg is number => mpg != null && mpg > 0;
  let mpg: number | undefined;
  if (valid(city) && valid(highway)) mpg = 1 / (0.55 / city + 0.45 / highway);
  else if (valid(city)) mpg = city;
  else if (valid(highway)) mpg = highway;
  return mpg === undefined ? undefined : round2(L100KM_MPG / mpg);
}
