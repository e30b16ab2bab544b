/**
 * A long, paced backfill, as a provider quota of a few requests a minute makes it: Webfleet's
 * trip report (documented at one a minute) at a deployment's WEBFLEET_TRIPS_PER_MINUTE of 12, its
 * slots 6.25 s apart (longer than a consumer waits in process), against the fake WEBFLEET.connect
 * with the same quota. Trips and utilization both read the trip report, window by window: the
 * pacer defers each window's page after the first (rate_limited, the page sent again after the
 * wait), the provider never has to refuse one, and the progress the API reports stays truthful
 * all along: it only grows, it moves on window by window, it stays strictly between 0 and 100
 * while windows remain, and reaches 100 with the completion only; a deferral is no failure
 * (nothing recorded, no retry counted). Nothing is lost or duplicated.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { webfleetAdapter } from "../../src/providers/webfleet/adapter";
import { webfleetPace } from "../../src/providers/webfleet/pace";
import { connectionSync } from "../../src/sync/client";
import type { ActiveSync } from "../../src/sync/state";
import { BASE, call } from "../helpers/http";
import { lastSyncId, type SyncJob } from "../helpers/sync";
import {
  connectWebfleet,
  createWebfleetAccount,
  DAY,
  expectedTrips,
  listAll,
  TEST_QUOTAS,
  webfleetStats,
} from "../providers/webfleet-helpers";

const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;
/** The deployment's trip report quota in this test, and the fake account's: they agree, as a real contract's would. */
const TRIPS_PER_MINUTE = 12;
/** Two 31-day windows of trips and of utilization (the second a part window). */
const BACKFILL_DAYS = 40;

type Observation = {
  status: SyncJob["status"];
  progress: number;
  active?: Pick<ActiveSync, "stepIndex" | "progress" | "lastError"> & { steps: number; firstWindow: number };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a paced backfill", () => {
  it("defers pages to the provider's quota while its progress stays truthful, with no failure and no duplicate", async () => {
    // The deployment's pace, as the adapter's `paceFor` reads it: WEBFLEET_TRIPS_PER_MINUTE=12 (the
    // test bindings' 600 would never make the pacer wait).
    vi.spyOn(webfleetAdapter, "paceFor").mockImplementation((settings) =>
      webfleetPace({ ...settings, WEBFLEET_TRIPS_PER_MINUTE: String(TRIPS_PER_MINUTE) }),
    );
    // What the consumers meet, page by page: a deferred page is a rate_limited read.
    const readPage = webfleetAdapter.readPage;
    const deferred: Array<{ connectionId: string; page: string; message: string }> = [];
    vi.spyOn(webfleetAdapter, "readPage").mockImplementation(async (model, request) => {
      try {
        return await readPage(model, request);
      } catch (error) {
        if (error instanceof ProviderError && error.kind === "rate_limited") {
          const page = `${model}|${request.window?.start.toISOString()}|${request.cursor ?? ""}`;
          deferred.push({ connectionId: request.connection.id, page, message: error.message });
        }
        throw error;
      }
    });

    const account = await createWebfleetAccount({
      vehicles: 2,
      quotas: { ...TEST_QUOTAS, showTripReportExtern: TRIPS_PER_MINUTE },
    });
    const { key, token, connection } = await connectWebfleet(
      account,
      { backfill: { days: BACKFILL_DAYS } },
      { timeSeries: true },
    );
    const connectionId: string = connection.id;
    const syncId = await lastSyncId(key, token);

    // Follow the sync as a client would (GET /syncs/{id}), beside the connection's object's state.
    const observations: Observation[] = [];
    const deadline = Date.now() + 110_000;
    let job: SyncJob;
    for (;;) {
      // The object first: the job row, written after it, can then only lag behind what it says.
      const state = await connectionSync(env, connectionId).inspect();
      const read = await call<SyncJob>("GET", `${BASE.sandbox}/syncs/${syncId}`, { key, token });
      expect(read.status).toBe(200);
      job = read.body;
      const active = state.active?.syncId === syncId ? state.active : undefined;
      observations.push({
        status: job.status,
        progress: job.progress,
        ...(active && {
          active: {
            stepIndex: active.stepIndex,
            progress: active.progress,
            lastError: active.lastError,
            steps: active.steps.length,
            firstWindow: active.steps.findIndex((step) => step.window !== undefined),
          },
        }),
      });
      if (job.status === "completed" || job.status === "failed") break;
      if (Date.now() > deadline) throw new Error(`sync ${syncId} still ${job.status} at ${job.progress}%`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Completed, and no failure anywhere: no reason, no retry of the job, no issue, nothing noted.
    expect(job.status, job.failureReason).toBe("completed");
    expect(job.failureReason).toBeUndefined();
    expect(job.attempts).toBe(1);
    expect(job.issues).toEqual([]);
    expect((await connectionSync(env, connectionId).inspect()).active).toBeNull();
    expect(observations.filter((observation) => observation.active?.lastError !== undefined)).toEqual([]);

    // The pacer deferred pages of the trip report; the provider never had to refuse one.
    const ours = deferred.filter((entry) => entry.connectionId === connectionId);
    expect(ours.length).toBeGreaterThan(0);
    for (const entry of ours) expect(entry.message).toMatch(/paced to 12 per 60 s \(showTripReportExtern\)/);
    const stats = await webfleetStats(account);
    expect(stats.overQuota).toEqual({});
    expect(stats.calls.showTripReportExtern).toBe(4);

    // Progress only ever grows, stays below 100 until the completion, and is 100 with it.
    const progress = observations.map((observation) => observation.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(observations.filter((o) => o.status !== "completed" && o.progress >= 100)).toEqual([]);
    expect(progress.at(-1)).toBe(100);

    // While windows remain: strictly between 0 and 100, in the API and in the object; and it moves
    // on window by window (each deferred page waits at a value of its own).
    const whileWindows = observations.filter(
      (o) => o.active && o.active.firstWindow >= 0 && o.active.stepIndex >= o.active.firstWindow,
    );
    const plan = whileWindows[0]?.active;
    expect(plan, "the backfill's windows were observed").toBeDefined();
    // Utilization and trips two windows each, breadcrumbs (the last 30 days) one.
    expect(plan!.steps - plan!.firstWindow).toBe(5);
    expect(whileWindows.filter((o) => !(o.progress > 0 && o.progress < 100))).toEqual([]);
    expect(whileWindows.filter((o) => !(o.active!.progress > 0 && o.active!.progress < 100))).toEqual([]);
    const deferredPages = new Set(ours.map((entry) => entry.page)).size;
    expect(new Set(whileWindows.map((o) => o.progress)).size).toBeGreaterThanOrEqual(deferredPages);

    // Nothing lost, nothing duplicated: the backfill's trips and vehicle-days, each once.
    const from = startOfDay(Date.parse(job.startFrom!));
    const to = startOfDay(Date.parse(job.requestedAt)) + DAY;
    const trips = await listAll("/trips", key, token);
    const stored = trips.map((trip) => trip.sourceId as string);
    expect(new Set(stored).size).toBe(stored.length);
    const expected = expectedTrips(account.fleet, from, to).map((trip) => trip.sourceId);
    expect(expected.length).toBeGreaterThan(BACKFILL_DAYS);
    expect([...stored].sort()).toEqual([...expected].sort());
    const days = await listAll("/vehicles/utilization", key, token);
    const dayKeys = days.map((day) => `${day.vehicle}|${String(day.startAt).slice(0, 10)}`);
    expect(new Set(dayKeys).size).toBe(dayKeys.length);
  }, 120_000);
});
