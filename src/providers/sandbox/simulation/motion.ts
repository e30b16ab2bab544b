import type { Rng } from "../hash";

/**
 * How a vehicle moves along one trip: it pulls away over a few seconds, cruises with a gentle
 * swell of speed (traffic, grades), and slows to a stop, covering exactly the trip's distance
 * in exactly its duration. Distance and speed at any instant are closed-form.
 */
export type Motion = {
  durationS: number;
  km: number;
  /** Seconds of speeding up at the start and of slowing down at the end. */
  ramp: number;
  amplitude: number;
  omega: number;
  phase: number;
  /** km per second at a cruise factor of 1. */
  scale: number;
};

const MAX_RAMP_S = 30;

export function motion(durationS: number, km: number, highway: boolean, rng: Rng): Motion {
  const ramp = Math.min(MAX_RAMP_S, durationS / 6);
  const period = highway ? rng.float(600, 1800, 0) : rng.float(180, 600, 0);
  const shape = { durationS, km, ramp, amplitude: rng.float(0.03, 0.1, 3), omega: (2 * Math.PI) / period };
  const draft: Motion = { ...shape, phase: rng.next() * 2 * Math.PI, scale: 1 };
  return { ...draft, scale: km / integral(draft, durationS) };
}

/** km driven `t` seconds into the trip. */
export function kmAt(m: Motion, t: number): number {
  if (t >= m.durationS) return m.km;
  if (t <= 0) return 0;
  return m.scale * integral(m, t);
}

/** Speed in km/h `t` seconds into the trip (0 at both ends). */
export function kphAt(m: Motion, t: number): number {
  if (t <= 0 || t >= m.durationS) return 0;
  const cruise = m.durationS - 2 * m.ramp;
  let factor: number;
  if (t < m.ramp) factor = (t / m.ramp) * swell(m, 0);
  else if (t > m.ramp + cruise) factor = ((m.durationS - t) / m.ramp) * swell(m, cruise);
  else factor = swell(m, t - m.ramp);
  return m.scale * factor * 3600;
}

/** The cruise factor `u` seconds into the cruise. */
function swell(m: Motion, u: number): number {
  return 1 + m.amplitude * Math.sin(m.omega * u + m.phase);
}

/** ∫ of the speed factor from the start to `t` (seconds × factor). */
function integral(m: Motion, t: number): number {
  const cruise = m.durationS - 2 * m.ramp;
  const rampUp = (Math.min(t, m.ramp) ** 2 / (2 * m.ramp)) * swell(m, 0);
  if (t <= m.ramp) return rampUp;
  const u = Math.min(t - m.ramp, cruise);
  const cruising = u + (m.amplitude / m.omega) * (Math.cos(m.phase) - Math.cos(m.omega * u + m.phase));
  if (t <= m.ramp + cruise) return rampUp + cruising;
  const left = m.durationS - t;
  return rampUp + cruising + (swell(m, cruise) * (m.ramp ** 2 - left ** 2)) / (2 * m.ramp);
}
