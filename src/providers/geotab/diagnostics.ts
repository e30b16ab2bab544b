import type { EngineState, VehicleStatType } from "../../model/normalized";
import { round2 } from "../kit/units";

/**
 * MyGeotab's stock Diagnostics (their ids are the same in every database) → our stat types.
 * StatusData `data` is in the Diagnostic's unit, of Geotab's SI set (KnownUnitOfMeasure:
 * meters, seconds, liters, degrees Celsius, pascals, volts, percentage, rpm), converted here to
 * the contract's km, ms, litres, °C, PSI, V, %, rpm (providers-families.md §3.5).
 */

/** Pascals in one pound-force per square inch. */
const PASCALS_PER_PSI = 6894.757293168;

export type StatDiagnostic = {
  id: string;
  type: VehicleStatType;
  /** A reading's `data` in the stat's unit, or undefined when it cannot be a reading of it. */
  value(data: number): number | EngineState | undefined;
};

const nonNegative = (convert: (data: number) => number) => (data: number) => (data < 0 ? undefined : convert(data));

/**
 * One diagnostic a stat type, so that each vehicle has one series of each:
 * - odometer: `DiagnosticOdometerId`, logged at ignition on and off and hourly (Geotab's
 *   display sample merges it with four adjusted or raw variants, which would double the series);
 * - fuel used: `DiagnosticDeviceTotalFuelId`, the GO device's counter (what utilization reads);
 * - battery: `DiagnosticGoDeviceVoltageId`, the supply the GO device itself measures
 *   (`DiagnosticBatteryVoltageId` comes from the ECU, where there is one);
 * - engine state: `DiagnosticIgnitionId`, 1 on and 0 off. Geotab has no idle diagnostic (idle is
 *   ignition on at speed 0), so a history of ignition readings says on or off only.
 * The reference names no Diagnostic for engine oil level or temperature or coolant level:
 * `engine_oil_percentage`, `engine_oil_temperature` and `coolant_percentage` are not read.
 */
export const STAT_DIAGNOSTICS: readonly StatDiagnostic[] = [
  {
    id: "DiagnosticIgnitionId",
    type: "engine_state",
    value: (data) => (data === 1 ? "on" : data === 0 ? "off" : undefined),
  },
  { id: "DiagnosticOdometerId", type: "odometer", value: nonNegative((meters) => round2(meters / 1000)) },
  { id: "DiagnosticDeviceTotalFuelId", type: "total_fuel_consumption", value: nonNegative(round2) },
  { id: "DiagnosticFuelLevelId", type: "fuel_level", value: nonNegative(round2) },
  {
    id: "DiagnosticEngineHoursId",
    type: "engine_runtime",
    value: nonNegative((seconds) => Math.round(seconds * 1000)),
  },
  { id: "DiagnosticEngineCoolantTemperatureId", type: "engine_coolant_temperature", value: round2 },
  {
    id: "DiagnosticOilPressureId",
    type: "engine_oil_pressure",
    value: nonNegative((pascals) => round2(pascals / PASCALS_PER_PSI)),
  },
  { id: "DiagnosticEngineSpeedId", type: "engine_rpm", value: nonNegative(round2) },
  { id: "DiagnosticGoDeviceVoltageId", type: "battery_voltage", value: nonNegative(round2) },
];

const BY_ID = new Map(STAT_DIAGNOSTICS.map((diagnostic) => [diagnostic.id, diagnostic]));

/** The stat a Diagnostic id is read as, if it is one of STAT_DIAGNOSTICS. */
export const statDiagnostic = (id: string): StatDiagnostic | undefined => BY_ID.get(id);

/** A stat diagnostic by its stat type (one each). */
export function diagnosticOf(type: VehicleStatType): StatDiagnostic {
  const diagnostic = STAT_DIAGNOSTICS.find((candidate) => candidate.type === type);
  if (!diagnostic) throw new Error(`Geotab: no diagnostic is read as ${type}.`);
  return diagnostic;
}
