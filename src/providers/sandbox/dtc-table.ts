import type { SandboxFuel } from "./payloads";

/**
 * The trouble codes the simulated fleet reports: real J1939 SPN/FMI pairs (names as in SAE
 * J1939-71 and J1939-73) for heavy diesel vehicles and real SAE J2012 OBD-II codes for the
 * others, weighted by how often fleets see them (aftertreatment and emissions faults lead).
 * `mil`: whether the code lights the malfunction indicator lamp while it is active.
 */

/** J1939-73 failure mode identifiers. */
export const FMI_TEXT: Readonly<Record<number, string>> = {
  0: "Data valid but above normal operational range - most severe level",
  1: "Data valid but below normal operational range - most severe level",
  2: "Data erratic, intermittent or incorrect",
  3: "Voltage above normal, or shorted to high source",
  4: "Voltage below normal, or shorted to low source",
  5: "Current below normal or open circuit",
  7: "Mechanical system not responding or out of adjustment",
  14: "Special instructions",
  15: "Data valid but above normal operating range - least severe level",
  16: "Data valid but above normal operating range - moderately severe level",
  17: "Data valid but below normal operating range - least severe level",
  18: "Data valid but below normal operating range - moderately severe level",
  31: "Condition exists",
};

/** J1939 source addresses of the controllers that report the codes below. */
export const SOURCE_NAMES: Readonly<Record<number, string>> = {
  0: "Engine #1",
  3: "Transmission #1",
  11: "Brakes - System Controller",
  61: "Exhaust Emission Controller",
};

export type J1939Dtc = {
  spn: number;
  fmi: number;
  spnName: string;
  sourceAddress: number;
  mil: boolean;
  weight: number;
};

// SPN, FMI, SPN name, source address, lights the MIL, weight
const J1939_ROWS: readonly [number, number, string, number, boolean, number][] = [
  [3251, 0, "Aftertreatment 1 Diesel Particulate Filter Differential Pressure", 0, true, 3],
  [3719, 16, "Aftertreatment 1 Diesel Particulate Filter Soot Load Percent", 0, false, 4],
  [3719, 31, "Aftertreatment 1 Diesel Particulate Filter Soot Load Percent", 0, false, 2],
  [4364, 18, "Aftertreatment 1 SCR Conversion Efficiency", 61, true, 3],
  [1761, 17, "Aftertreatment 1 Diesel Exhaust Fluid Tank Level", 61, false, 4],
  [1761, 1, "Aftertreatment 1 Diesel Exhaust Fluid Tank Level", 61, true, 1],
  [3216, 2, "Aftertreatment 1 Intake NOx", 0, true, 2],
  [3226, 2, "Aftertreatment 1 Outlet NOx", 0, true, 2],
  [5246, 0, "Aftertreatment SCR Operator Inducement Severity", 0, true, 1],
  [27, 7, "Engine Exhaust Gas Recirculation 1 Valve Position", 0, true, 2],
  [102, 18, "Engine Intake Manifold #1 Pressure", 0, true, 2],
  [157, 18, "Engine Injector Metering Rail 1 Pressure", 0, true, 1],
  [94, 18, "Engine Fuel Delivery Pressure", 0, false, 2],
  [97, 15, "Water In Fuel Indicator", 0, false, 2],
  [110, 0, "Engine Coolant Temperature", 0, false, 1],
  [111, 1, "Engine Coolant Level", 0, false, 2],
  [100, 1, "Engine Oil Pressure", 0, false, 1],
  [175, 0, "Engine Oil Temperature 1", 0, false, 1],
  [168, 18, "Battery Potential / Power Input 1", 0, false, 2],
  [190, 2, "Engine Speed", 0, true, 1],
  [91, 3, "Accelerator Pedal Position 1", 0, false, 1],
  [84, 2, "Wheel-Based Vehicle Speed", 0, false, 1],
  [639, 14, "J1939 Network #1, Primary Vehicle Network", 0, false, 1],
  [1569, 31, "Engine Protection Torque Derate", 0, false, 1],
  [177, 0, "Transmission Oil Temperature 1", 3, false, 1],
  [789, 5, "Wheel Sensor ABS Axle 1 Left", 11, false, 2],
  [790, 5, "Wheel Sensor ABS Axle 1 Right", 11, false, 1],
];

export const J1939_DTCS: readonly J1939Dtc[] = J1939_ROWS.map(([spn, fmi, spnName, sourceAddress, mil, weight]) => ({
  spn,
  fmi,
  spnName,
  sourceAddress,
  mil,
  weight,
}));

/**
 * Which vehicles can set an OBD-II code: spark-ignition engines, those with a fuel vapour
 * (evaporative) system, light diesels, any engine, electrified drivetrains, or every vehicle.
 */
export type ObdSystem = "spark" | "evap" | "diesel" | "engine" | "ev" | "any";

export type ObdDtc = { code: string; description: string; system: ObdSystem; mil: boolean; weight: number };

// code, SAE J2012 description, system, lights the MIL, weight
const OBD_ROWS: readonly [string, string, ObdSystem, boolean, number][] = [
  ["P0171", "System Too Lean (Bank 1)", "spark", true, 3],
  ["P0174", "System Too Lean (Bank 2)", "spark", true, 1],
  ["P0300", "Random/Multiple Cylinder Misfire Detected", "spark", true, 3],
  ["P0301", "Cylinder 1 Misfire Detected", "spark", true, 1],
  ["P0302", "Cylinder 2 Misfire Detected", "spark", true, 1],
  ["P0420", "Catalyst System Efficiency Below Threshold (Bank 1)", "spark", true, 3],
  ["P0430", "Catalyst System Efficiency Below Threshold (Bank 2)", "spark", true, 1],
  ["P0133", "O2 Sensor Circuit Slow Response (Bank 1 Sensor 1)", "spark", true, 1],
  ["P0135", "O2 Sensor Heater Circuit (Bank 1 Sensor 1)", "spark", true, 1],
  ["P0011", '"A" Camshaft Position - Timing Over-Advanced or System Performance (Bank 1)', "spark", true, 1],
  ["P0506", "Idle Air Control System RPM Lower Than Expected", "spark", false, 1],
  ["P0442", "Evaporative Emission System Leak Detected (Small Leak)", "evap", true, 2],
  ["P0455", "Evaporative Emission System Leak Detected (Large Leak)", "evap", true, 2],
  ["P0456", "Evaporative Emission System Leak Detected (Very Small Leak)", "evap", true, 2],
  ["P2002", "Diesel Particulate Filter Efficiency Below Threshold (Bank 1)", "diesel", true, 2],
  ["P2463", "Diesel Particulate Filter Restriction - Soot Accumulation (Bank 1)", "diesel", true, 2],
  ["P20EE", "SCR NOx Catalyst Efficiency Below Threshold (Bank 1)", "diesel", true, 2],
  ["P0087", "Fuel Rail/System Pressure - Too Low", "diesel", true, 1],
  ["P0299", 'Turbocharger/Supercharger "A" Underboost Condition', "diesel", true, 1],
  ["P0401", 'Exhaust Gas Recirculation "A" Flow Insufficient Detected', "diesel", true, 1],
  ["P0128", "Coolant Thermostat (Coolant Temperature Below Thermostat Regulating Temperature)", "engine", true, 2],
  ["P0101", 'Mass or Volume Air Flow Sensor "A" Circuit Range/Performance', "engine", true, 1],
  ["P0700", "Transmission Control System (MIL Request)", "engine", true, 1],
  ["U0100", 'Lost Communication With ECM/PCM "A"', "engine", true, 1],
  ["P0A80", "Replace Hybrid/EV Battery Pack", "ev", true, 1],
  ["P0AA6", "Hybrid/EV Battery Voltage System Isolation Fault", "ev", true, 1],
  ["P0A7F", "Hybrid/EV Battery Pack Deterioration", "ev", true, 1],
  ["P0AFA", "Hybrid/EV Battery System Voltage Low", "ev", true, 1],
  ["U0111", 'Lost Communication With Battery Energy Control Module "A"', "ev", false, 1],
  ["P0562", "System Voltage Low", "any", false, 2],
  ["U0121", "Lost Communication With Anti-Lock Brake System (ABS) Control Module", "any", false, 1],
  ["C0035", "Left Front Wheel Speed Sensor Circuit", "any", false, 1],
];

export const OBD_DTCS: readonly ObdDtc[] = OBD_ROWS.map(([code, description, system, mil, weight]) => ({
  code,
  description,
  system,
  mil,
  weight,
}));

/** The systems each powertrain has, hence the OBD-II codes it can set. */
const SYSTEMS_OF: Readonly<Record<SandboxFuel, readonly ObdSystem[]>> = {
  gasoline: ["spark", "evap", "engine", "any"],
  hybrid_gasoline: ["spark", "evap", "engine", "ev", "any"],
  propane: ["spark", "engine", "any"],
  diesel: ["diesel", "engine", "any"],
  hybrid_diesel: ["diesel", "engine", "ev", "any"],
  electric: ["ev", "any"],
};

const OBD_BY_FUEL = new Map<SandboxFuel, readonly ObdDtc[]>(
  Object.entries(SYSTEMS_OF).map(([fuel, systems]) => [
    fuel as SandboxFuel,
    OBD_DTCS.filter((dtc) => systems.includes(dtc.system)),
  ]),
);

/** The OBD-II codes a vehicle of this fuel can set. */
export function obdDtcsFor(fuel: SandboxFuel): readonly ObdDtc[] {
  return OBD_BY_FUEL.get(fuel)!;
}
