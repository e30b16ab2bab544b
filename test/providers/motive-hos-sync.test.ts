/**
 * Motive's hours of service end to end: a connection to the fake Motive API (real HTTP) synced by
 * the real queue consumer and Durable Object, then GET /hos/logs and GET /hos/daily-logs answer
 * the canonical fleet's hours of service (../fakes/hos.ts) as Motive has them: every duty-status
 * change that overlaps the synced days, each driver's days in totals; a second sync of the same
 * days changes nothing. Also the adapter's reads walked page by page over the fake, and the
 * fake's `/v1/logs` as providers-families.md 2.3 and its fidelity checklist describe the real one.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NormalizedHosDailyLog, NormalizedHosLog, SyncModel } from "../../src/model/normalized";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import type { ProviderPage, ReadRequest } from "../../src/providers/types";
import type { FleetOptions } from "../fakes/fleet.ts";
import { dailyLogOf, dutyPeriodsBetween, loggingDriverIds } from "../fakes/hos.ts";
import { motiveDutyEventId, motiveLogId } from "../fakes/motive/hos.ts";
import { KM_PER_MILE, motiveIds } from "../fakes/motive/ids.ts";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import { motiveControl } from "./motive-faults";
import {
  connectMotive,
  createMotiveAccount,
  DAY_MS,
  fleetOf,
  listAll,
  type MotiveAccount,
  type MotiveConnection,
  motiveReadRequest,
  round2,
  waitForLastSync,
} from "./motive-helpers";

const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const bySourceId = <T extends { sourceId: string }>(records: T[]) =>
  records.sort((a, b) => Number(a.sourceId) - Number(b.sourceId));

type Log = {
  sourceId: string;
  status: string;
  driver: string;
  vehicle?: string;
  remarks: unknown[];
  startedAt: string;
  endedAt?: string;
};
type Day = {
  sourceId: string;
  driver: string;
  date: string;
  distances: { total: number; driving: number; personalConveyance: number; yardMove: number };
  statusDurations: Record<string, number>;
};

/** The canonical duty periods that overlap [from, to) as of `now`, as the API must answer them (provider ids). */
function expectedLogs(fleet: FleetOptions, from: number, to: number, now: number): Log[] {
  return bySourceId(
    loggingDriverIds(fleet).flatMap((driverId) =>
      dutyPeriodsBetween(fleet, driverId, from, to, now).map((period) => ({
        sourceId: String(motiveDutyEventId(period.id)),
        status: period.status,
        driver: String(motiveIds.user(driverId)),
        vehicle: String(motiveIds.vehicle(period.vehicleId)),
        // Motive's event notes; Motive gives them no time of their own.
        remarks: period.remark ? [{ notes: period.remark }] : [],
        startedAt: iso(period.startedAt),
        ...(period.endedAt === undefined ? {} : { endedAt: iso(period.endedAt) }),
      })),
    ),
  );
}

/** The canonical days of [from, to) begun by `now`, as the API must answer them: Motive has no yard-move or personal-conveyance split. */
function expectedDays(fleet: FleetOptions, from: number, to: number, now: number): Day[] {
  const days: Day[] = [];
  for (let day = from / DAY_MS; day * DAY_MS < to; day++) {
    for (const driverId of loggingDriverIds(fleet)) {
      const daily = dailyLogOf(fleet, driverId, day, now);
      if (!daily) continue;
      const { durations } = daily;
      const km = round2(daily.drivingKm);
      days.push({
        sourceId: String(motiveLogId(driverId, daily.date)),
        driver: String(motiveIds.user(driverId)),
        date: daily.date,
        distances: { total: km, driving: km, personalConveyance: 0, yardMove: 0 },
        statusDurations: {
          onDuty: durations.on_duty + durations.yard_move,
          offDuty: durations.off_duty + durations.personal_conveyance,
          driving: durations.driving,
          waiting: durations.waiting_time,
          sleeperBed: durations.sleeper_bed,
          personalConveyance: 0,
          yardMove: 0,
        },
      });
    }
  }
  return bySourceId(days);
}

/** What the API holds, with our driver and vehicle ids read back as Motive's, and each record's id and modifiedAt apart. */
async function storedHos(connection: MotiveConnection) {
  const [drivers, vehicles, logs, days] = await Promise.all([
    listAll(connection, "/drivers"),
    listAll(connection, "/vehicles"),
    listAll(connection, "/hos/logs"),
    listAll(connection, "/hos/daily-logs"),
  ]);
  const sourceIds = new Map<string, string>([...drivers, ...vehicles].map((record) => [record.id, record.sourceId]));
  const meta = new Map<string, { id: string; modifiedAt: string }>(
    [...logs, ...days].map((record) => [record.sourceId, { id: record.id, modifiedAt: record.metadata.modifiedAt }]),
  );
  const bare = ({ id: _id, metadata: _metadata, provider, ...rest }: any) => {
    expect(provider).toBe("motive");
    return rest;
  };
  return {
    logs: bySourceId(
      logs.map((log) => ({
        ...bare(log),
        driver: sourceIds.get(log.driver),
        ...(log.vehicle ? { vehicle: sourceIds.get(log.vehicle) } : {}),
      })) as Log[],
    ),
    days: bySourceId(days.map((day) => ({ ...bare(day), driver: sourceIds.get(day.driver) })) as Day[]),
    meta,
  };
}

/**
 * The stored days are the canonical ones: exactly for the days that were over; today's (its
 * durations grow, in Motive's whole seconds) as it stood at some instant of the sync, between
 * `before` and `after`; the distances within Motive's precision (km → miles → km).
 */
function expectDays(stored: Day[], before: Day[], after: Day[], today: string) {
  expect(stored.map((day) => day.sourceId)).toEqual(after.map((day) => day.sourceId));
  stored.forEach((day, index) => {
    const late = after[index]!;
    const early = before.find((candidate) => candidate.sourceId === day.sourceId) ?? late;
    const label = `${day.driver} ${day.date}`;
    const { distances, statusDurations, ...identity } = day;
    expect(identity).toEqual({ sourceId: late.sourceId, driver: late.driver, date: late.date });
    const km = [early.distances.driving, late.distances.driving];
    expect(distances.driving, label).toBeGreaterThanOrEqual(Math.min(...km) - 0.011);
    expect(distances.driving, label).toBeLessThanOrEqual(Math.max(...km) + 0.011);
    expect(distances).toEqual({
      total: distances.driving,
      driving: distances.driving,
      personalConveyance: 0,
      yardMove: 0,
    });
    if (day.date !== today) {
      expect(statusDurations, label).toEqual(late.statusDurations);
      return;
    }
    for (const [key, ms] of Object.entries(statusDurations)) {
      expect(ms, `${label} ${key}`).toBeGreaterThanOrEqual(early.statusDurations[key]! - 1000);
      expect(ms, `${label} ${key}`).toBeLessThanOrEqual(late.statusDurations[key]!);
    }
  });
}

describe("Motive: hours of service after a sync", () => {
  it("serves the canonical duty-status logs and daily logs, read over several pages; a second sync changes nothing", {
    timeout: 120_000,
  }, async () => {
    // 8 drivers × 15 days: 120 daily logs (2 pages of 100) and 136 logs read for the changes (3 pages of 50).
    const account = await createMotiveAccount({ vehicles: 8 });
    const fleet = fleetOf(account);
    const connection = await connectMotive(account, { backfill: { days: 14 } });
    const job = await waitForLastSync(connection, 100_000);
    const readBy = Date.now();
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    const requestedAt = Date.parse(job.requestedAt);
    const from = startOfDay(Date.parse(job.startFrom!));
    const to = startOfDay(requestedAt) + DAY_MS;

    const first = await storedHos(connection);
    const logsAt = (now: number) => expectedLogs(fleet, from, to, now);
    // The fake answered at some instant of the sync: a status may have changed meanwhile.
    expect([logsAt(requestedAt), logsAt(readBy)]).toContainEqual(first.logs);
    expect(first.logs.length).toBeGreaterThan(8 * 15 * 5);
    expect(first.logs.some((log) => log.endedAt === undefined)).toBe(true);
    expectDays(
      first.days,
      expectedDays(fleet, from, to, requestedAt),
      expectedDays(fleet, from, to, readBy),
      isoDay(readBy),
    );
    expect(first.days).toHaveLength(8 * 15);

    // The raw payload kept is Motive's event beside its log's driver and vehicles.
    const {
      body: {
        results: [raw],
      },
    } = await call("GET", `${BASE.sandbox}/hos/logs?raw=true&limit=1`, {
      key: connection.key,
      token: connection.token,
    });
    expect(raw.raw[0]).toMatchObject({
      provider: "motive",
      schema: "/v1/logs",
      data: {
        log_id: expect.any(Number),
        driver: { id: Number(first.logs.find((log) => log.sourceId === raw.sourceId)!.driver) },
        vehicles: [{ vehicle: { id: expect.any(Number), metric_units: true } }],
        event: { id: Number(raw.sourceId), location: expect.any(String) },
      },
    });

    // The same days again: nothing that was over changes, nor keeps anything but its id.
    const sync = await call("POST", `${BASE.sandbox}/syncs`, {
      key: connection.key,
      token: connection.token,
      body: { startFrom: job.startFrom },
    });
    expect(sync.status).toBe(201);
    const { job: again } = await waitForSync(connection.key, connection.token, sync.body.id, { timeoutMs: 100_000 });
    expect(again.status).toBe("completed");
    const second = await storedHos(connection);
    for (const [sourceId, record] of first.meta) expect(second.meta.get(sourceId)?.id, sourceId).toBe(record.id);
    const today = isoDay(Date.now());
    for (const log of first.logs) {
      const now = second.logs.find((candidate) => candidate.sourceId === log.sourceId);
      if (log.endedAt === undefined && now?.endedAt !== undefined) continue;
      expect(now, log.sourceId).toEqual(log);
      expect(second.meta.get(log.sourceId)!.modifiedAt, log.sourceId).toBe(first.meta.get(log.sourceId)!.modifiedAt);
    }
    for (const day of first.days.filter((candidate) => candidate.date < today && candidate.date < isoDay(readBy))) {
      expect(second.days.find((candidate) => candidate.sourceId === day.sourceId)).toEqual(day);
      expect(second.meta.get(day.sourceId)!.modifiedAt, day.sourceId).toBe(first.meta.get(day.sourceId)!.modifiedAt);
    }
    // Anything new began after the first sync read.
    for (const log of second.logs.filter((candidate) => !first.meta.has(candidate.sourceId))) {
      expect(Date.parse(log.startedAt)).toBeGreaterThanOrEqual(requestedAt);
    }
  });
});

/** Every page of a model's window, cursor after cursor. */
async function walk(account: MotiveAccount, model: SyncModel, extra: Partial<ReadRequest>) {
  const pages: ProviderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await motiveAdapter.readPage(
      model,
      motiveReadRequest(account, { ...extra, ...(cursor === undefined ? {} : { cursor }) }),
    );
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length, "pages").toBeLessThan(300);
  } while (cursor !== undefined);
  return { pages, items: pages.flatMap((page) => page.items) };
}

describe("Motive: the hours-of-service reads, page by page", () => {
  it("read every page: a window's changes and days, the same in small pages as in large ones", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const fleet = fleetOf(account);
    // Three whole days that are over.
    const start = startOfDay(Date.now()) - 4 * DAY_MS;
    const window = { start: new Date(start), end: new Date(start + 3 * DAY_MS) };
    const now = Date.now();

    // 1 log per page (a page of changes is about a tenth of the page size, in logs), then 50.
    const small = await walk(account, "hosLogs", { window, pageSize: 5 });
    const large = await walk(account, "hosLogs", { window, pageSize: 500 });
    // 3 drivers × 5 days read (the window's and one on either side; the day after is today).
    expect(small.pages).toHaveLength(15);
    expect(large.pages).toHaveLength(1);
    // Each once, as the store keeps them: a change under way at midnight is in two days' logs, so
    // over pages of one log it is read twice (the same change), in one page once.
    const logs = (items: unknown[]) =>
      bySourceId([
        ...new Map(
          items.map((item) => {
            const log = motiveAdapter.normalize("hosLogs", item) as NormalizedHosLog;
            return [log.sourceId, log];
          }),
        ).values(),
      ]);
    expect(logs(small.items)).toEqual(logs(large.items));
    expect(small.items.length).toBeGreaterThan(large.items.length);
    expect(new Set(large.items.map((item: any) => item.event.id)).size).toBe(large.items.length);
    expect(
      logs(large.items).map(({ vehicleSourceId, driverSourceId, remarks, ...rest }) => ({
        ...rest,
        vehicle: vehicleSourceId,
        driver: driverSourceId,
        remarks: remarks ?? [],
      })),
    ).toEqual(expectedLogs(fleet, start, start + 3 * DAY_MS, now));

    const days = await walk(account, "hosDailyLogs", { window, pageSize: 2 });
    expect(days.pages).toHaveLength(5);
    const normalized = bySourceId(
      days.items.map((item) => motiveAdapter.normalize("hosDailyLogs", item) as NormalizedHosDailyLog),
    );
    const expected = expectedDays(fleet, start, start + 3 * DAY_MS, now);
    expect(
      normalized.map(({ distances: _distances, driverSourceId, ...rest }) => ({ ...rest, driver: driverSourceId })),
    ).toEqual(expected.map(({ distances: _distances, ...rest }) => rest));
    for (const [index, day] of normalized.entries()) {
      expect(Math.abs(day.distances!.total - expected[index]!.distances.total)).toBeLessThanOrEqual(0.011);
    }
  });

  it("report a key that may not read logs as missing permissions, and read nothing", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    await motiveControl(account, "forbidden", { paths: ["/v1/logs"] });
    const start = startOfDay(Date.now()) - DAY_MS;
    const window = { start: new Date(start), end: new Date(start + DAY_MS) };
    for (const model of ["hosLogs", "hosDailyLogs"] as const) {
      const page = await motiveAdapter.readPage(model, motiveReadRequest(account, { window }));
      expect(page).toMatchObject({ items: [], schema: "/v1/logs", issues: [{ code: "missing_permissions" }] });
      expect(page.nextCursor).toBeUndefined();
    }
  });
});

describe("the fake Motive's /v1/logs", () => {
  async function motive(account: MotiveAccount, path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${env.MOTIVE_BASE_URL}${path}`, {
      headers: { "X-Api-Key": account.credential, ...headers },
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it("lists drivers' days wrapped and paged, filtered by driver_ids[], in seconds and the units asked for", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const fleet = fleetOf(account);
    const day = startOfDay(Date.now()) - 2 * DAY_MS;
    const date = isoDay(day);
    const range = `start_date=${isoDay(day - DAY_MS)}&end_date=${date}`;
    const paged = await motive(account, `/v1/logs?${range}&per_page=2&page_no=2`);
    expect(paged.status).toBe(200);
    expect(paged.body.pagination).toEqual({ per_page: 2, page_no: 2, total: 6 });
    expect(paged.body.logs).toHaveLength(2);
    expect(Object.keys(paged.body.logs[0])).toEqual(["log"]);

    const [driverId] = loggingDriverIds(fleet) as [string];
    const userId = motiveIds.user(driverId);
    const only = `/v1/logs?start_date=${date}&end_date=${date}&driver_ids[]=${userId}`;
    const imperial = await motive(account, only);
    const metric = await motive(account, only, { "X-Metric-Units": "true" });
    expect(imperial.body.pagination.total).toBe(1);
    const canonical = dailyLogOf(fleet, driverId, day / DAY_MS, Date.now())!;
    const log = imperial.body.logs[0].log;
    expect(log).toMatchObject({
      id: motiveLogId(driverId, date),
      date,
      metric_units: false,
      driving_duration: canonical.durations.driving / 1000,
      on_duty_duration: canonical.durations.on_duty / 1000,
      off_duty_duration: canonical.durations.off_duty / 1000,
      sleeper_duration: 0,
      waiting_duration: 0,
      driver: { id: userId, role: "driver" },
      vehicles: [{ vehicle: { metric_units: false } }],
    });
    expect(log.total_miles * KM_PER_MILE).toBeCloseTo(canonical.drivingKm, 6);
    expect(metric.body.logs[0].log).toMatchObject({ metric_units: true, total_miles: canonical.drivingKm });
    // The day's changes with their whole spans: the rest begun the day before comes first.
    const periods = dutyPeriodsBetween(fleet, driverId, day, day + DAY_MS, Date.now());
    expect(log.events.map((element: any) => element.event.id)).toEqual(
      periods.map((period) => motiveDutyEventId(period.id)),
    );
    expect(log.events[0].event).toMatchObject({
      type: "off_duty",
      start_time: iso(periods[0]!.startedAt).replace(".000Z", "Z"),
      location: expect.any(String),
    });
    expect(log.events.map((element: any) => element.event.type)).toContain("driving");
  });

  it("refuses a range over 3 months, and a range without its dates, with 400", async () => {
    const account = await createMotiveAccount({ vehicles: 1 });
    const over = await motive(account, "/v1/logs?start_date=2026-01-01&end_date=2026-04-02");
    expect(over).toMatchObject({ status: 400, body: { error_message: expect.stringMatching(/3 months/) } });
    expect((await motive(account, "/v1/logs?start_date=2026-01-01&end_date=2026-04-01")).status).toBe(200);
    expect((await motive(account, "/v1/logs?start_date=2026-01-01")).status).toBe(400);
  });
});
