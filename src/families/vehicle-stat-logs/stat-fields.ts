import type { VehicleStatType } from "../../model/normalized";

/** The value field of each stat type (data-families.md "Vehicle stat logs"), and its unit. */
export const STAT_FIELDS = {
  engine_state: { field: "state", unit: "`on`, `off` or `idle`" },
  odometer: { field: "odometer", unit: "km" },
  total_fuel_consumption: { field: "fuelConsumed", unit: "litres" },
  fuel_level: { field: "fuelPercentage", unit: "%" },
  engine_runtime: { field: "duration", unit: "ms" },
  engine_oil_percentage: { field: "percentage", unit: "%" },
  engine_oil_pressure: { field: "pressure", unit: "PSI" },
  engine_oil_temperature: { field: "temperature", unit: "°C" },
  engine_coolant_temperature: { field: "temperature", unit: "°C" },
  coolant_percentage: { field: "percentage", unit: "%" },
  engine_rpm: { field: "rpm", unit: "rpm" },
  battery_voltage: { field: "voltage", unit: "V" },
} as const satisfies Record<VehicleStatType, { field: string; unit: string }>;
