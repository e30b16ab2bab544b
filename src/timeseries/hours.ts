/** Series rows hold one UTC hour of a vehicle's points. */
export const HOUR_MS = 3_600_000;

/** The hour (hours since the epoch) an instant falls in. */
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);
