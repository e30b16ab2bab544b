/**
 * A new user's first minute (bench:timeseries): a sandbox connection created as the README's
 * walkthrough creates it (the default fleet, three days of backfill), then, from the moment it was
 * created, how long until one of its vehicles' whole day of yesterday is readable: its breadcrumbs
 * (`GET /vehicles/{id}/locations`) and its trips (`GET /trips`), polled every 250 ms as a user's
 * script would.
 */
import { type Application, apiGet, createSandboxConnection } from "./api.ts";
import type { LocalService } from "./service.ts";

const DAY_MS = 86_400_000;
const POLL_MS = 250;

export type FirstDay = { seconds: number; breadcrumbs: number; trips: number };

export async function firstDayReadable(service: LocalService, application: Application): Promise<FirstDay> {
  const started = performance.now();
  const connection = await createSandboxConnection(service, application, {
    credentials: { username: `walkthrough-${crypto.randomUUID()}`, password: "any" },
    backfill: { days: 3 },
  });
  const yesterday = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  const [from, to] = [new Date(yesterday).toISOString(), new Date(yesterday + DAY_MS).toISOString()];
  const deadline = started + 600_000;
  while (performance.now() < deadline) {
    const vehicles = (await apiGet(`${service.sandbox}/vehicles?limit=5`, connection)).results as { id: string }[];
    for (const vehicle of vehicles) {
      const trips = (
        await apiGet(
          `${service.sandbox}/trips?vehicleIds=${vehicle.id}&startedAfter=${from}&startedBefore=${to}`,
          connection,
        )
      ).results;
      if (trips.length === 0) continue;
      const points = (
        await apiGet(
          `${service.sandbox}/vehicles/${vehicle.id}/locations?startAt=${from}&endAt=${to}&limit=1000`,
          connection,
        )
      ).results as { locatedAt: string }[];
      // The day is whole once its last trip's end is among the breadcrumbs.
      const lastEnd = (trips as { endedAt: string }[])
        .map((trip) => trip.endedAt)
        .sort()
        .at(-1);
      if (points.some((point) => point.locatedAt === lastEnd)) {
        return { seconds: (performance.now() - started) / 1000, breadcrumbs: points.length, trips: trips.length };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error("no vehicle's yesterday was readable within 10 minutes");
}
