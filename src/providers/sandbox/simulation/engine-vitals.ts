import type { VehicleProfile } from "../fleet-vehicles";
import { hash, SALT, unit } from "../hash";
import { dayOf } from "../time";

/**
 * What an engine's sensors read while it runs, from how long it has run since it started
 * (warming up), its speed, the season and the vehicle: coolant and oil temperatures (°C), oil
 * pressure (PSI), rpm, the 12 V system's voltage, the oil's remaining life and the coolant
 * level (percent). A little seeded noise per reading keeps the series from looking drawn.
 */
export type EngineVitals = {
  coolantC: number;
  oilC: number;
  oilPsi: number;
  rpm: number;
  batteryV: number;
  oilLifePercent: number;
  coolantLevelPercent: number;
};

export type VitalsInput = {
  seed: number;
  vehicle: VehicleProfile;
  heavy: boolean;
  t: number;
  /** Seconds since the engine last started. */
  runningS: number;
  speedKph: number;
  /** The engine's run time over its whole life, ms (for the oil's remaining life). */
  lifeRuntimeMs: number;
  latitude: number;
};

const OIL_CHANGE_HOURS = { heavy: 500, other: 250 };
const COOLANT_TOP_UP_DAYS = 120;

export function engineVitals(input: VitalsInput): EngineVitals {
  const { seed, vehicle, t } = input;
  const index = vehicle.record.index;
  const noise = (kind: number) => unit(seed, SALT.readings, index, t / 1000, kind) - 0.5;
  const ambient = ambientC(dayOf(t), input.latitude);
  const warm = (tauS: number) => 1 - Math.exp(-input.runningS / tauS);
  const operating = 85 + (hash(seed, SALT.readings, index) % 9);
  const idleRpm = 650 + (hash(seed, SALT.readings, index, 1) % 120);
  const rpm = idleRpm + input.speedKph * (input.heavy ? 9 : 17) + noise(1) * 40;
  const oilHours = input.heavy ? OIL_CHANGE_HOURS.heavy : OIL_CHANGE_HOURS.other;
  const oilPhase = hash(seed, SALT.readings, index, 2) % oilHours;
  const hours = input.lifeRuntimeMs / 3_600_000 + oilPhase;
  const coolantDays = dayOf(t) + (hash(seed, SALT.readings, index, 3) % COOLANT_TOP_UP_DAYS);
  return {
    coolantC: ambient + (operating - ambient) * warm(300) + noise(2),
    oilC: ambient + (operating + 10 - ambient) * warm(600) + noise(3),
    oilPsi: 18 + rpm / 50 + (1 - warm(600)) * 10 + noise(4) * 2,
    rpm,
    batteryV: 13.8 + noise(5) * 0.5,
    oilLifePercent: 100 * (1 - (hours % oilHours) / oilHours),
    coolantLevelPercent: 100 - (6 * (coolantDays % COOLANT_TOP_UP_DAYS)) / COOLANT_TOP_UP_DAYS,
  };
}

/** Outdoor temperature (°C): colder north and in winter (the year's coldest around mid-January). */
function ambientC(day: number, latitude: number): number {
  const season = Math.cos((2 * Math.PI * (day - 200)) / 365.25);
  return 15 - 0.6 * (latitude - 35) + 12 * season;
}
