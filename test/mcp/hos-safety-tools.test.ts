/**
 * The hours-of-service, IFTA, safety and fault-code tools (issue 23) with the official SDK's
 * clients of both generations, on one synced sandbox connection: each answers what its REST route
 * answers for the same question, and hos_available_time's `below` keeps exactly the drivers the
 * route's clocks put below the limits given, and refuses bad limits with the contract's bad_request.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { syncedConnection } from "../destinations/delivery-helpers";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { connectMcp, SDK_GENERATIONS, type TestClient } from "./clients";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const CLOCKS = ["drive", "shift", "cycle", "break"] as const;

type Clocks = { driver: string; availableTime: Record<(typeof CLOCKS)[number], number>; [field: string]: unknown };

let key: string;
let connectionId: string;
let caller: { key: string; token: string };

beforeAll(async () => {
  const app = await createTestApplication();
  key = app.keys.sandbox.secret;
  // Safety events come a few a week per vehicle: five vehicles over two days have some.
  ({ id: connectionId, caller } = await syncedConnection(app, 2, { options: { sandbox: { fleetSize: 5 } } }));
});

const rest = async (path: string) => {
  const answer = await call("GET", `${BASE.sandbox}${path}`, caller);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** The tool's answer, which must equal the route's body for the same question. */
async function sameAsRest(client: TestClient, tool: string, args: Record<string, unknown>, path: string) {
  const answer = await client.callTool(tool, { connectionId, ...args });
  expect(answer.isError, JSON.stringify(answer)).toBeFalsy();
  expect(answer.structuredContent).toEqual(await rest(path));
  return answer;
}

/** A limit that splits the values with 10 minutes to spare each side (clocks move while the test runs), if any does. */
function splitBetween(values: number[]): number | undefined {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  let best: { gap: number; at: number } | undefined;
  for (let index = 1; index < sorted.length; index++) {
    const gap = (sorted[index] as number) - (sorted[index - 1] as number);
    if (gap > 20 * MINUTE_MS && gap > (best?.gap ?? 0)) best = { gap, at: (sorted[index - 1] as number) + gap / 2 };
  }
  return best === undefined ? undefined : Math.round(best.at);
}

describe.each(SDK_GENERATIONS)("the hours-of-service and safety tools with an SDK %s client", (generation) => {
  it("answer hos_logs, hos_daily_logs and ifta_summary as their routes do", async () => {
    const client = await connectMcp(generation, { key });
    try {
      const logs = await sameAsRest(client, "hos_logs", { limit: 5 }, "/hos/logs?limit=5");
      const [first] = (logs.structuredContent?.results ?? []) as { driver: string }[];
      expect(first, "the sandbox drivers have duty-status logs").toBeDefined();
      const driver = first?.driver as string;
      await sameAsRest(client, "hos_logs", { driverIds: driver, limit: 3 }, `/hos/logs?driverIds=${driver}&limit=3`);
      const days = await sameAsRest(client, "hos_daily_logs", { limit: 4 }, "/hos/daily-logs?limit=4");
      expect(days.structuredContent?.results.length).toBeGreaterThan(0);
      expect(days.content[0]?.text).toContain("driving");

      const [startMonth, endMonth] = [Date.now() - 3 * DAY_MS, Date.now()].map((ms) =>
        new Date(ms).toISOString().slice(0, 7),
      );
      const query = `startMonth=${startMonth}&endMonth=${endMonth}&groupBy=vehicle,jurisdiction,month`;
      const ifta = await sameAsRest(
        client,
        "ifta_summary",
        { startMonth, endMonth, groupBy: "vehicle,jurisdiction,month" },
        `/ifta/summary?${query}`,
      );
      expect(ifta.structuredContent?.results.length).toBeGreaterThan(0);
      expect(ifta.content[0]?.text).toContain("km");
    } finally {
      await client.close();
    }
  });

  it("answer list_safety_events, get_safety_event and list_fault_codes as their routes do", async () => {
    const client = await connectMcp(generation, { key });
    try {
      const events = await sameAsRest(client, "list_safety_events", { limit: 3 }, "/safety/events?limit=3");
      const [event] = (events.structuredContent?.results ?? []) as { id: string }[];
      expect(event, "five vehicles over two days had safety events").toBeDefined();
      const one = await sameAsRest(client, "get_safety_event", { id: event?.id }, `/safety/events/${event?.id}`);
      expect(one.content[0]?.text).toContain(event?.id);
      await sameAsRest(
        client,
        "get_safety_event",
        { id: event?.id, expand: "vehicle,driver" },
        `/safety/events/${event?.id}?expand=vehicle,driver`,
      );
      await sameAsRest(client, "list_fault_codes", { limit: 5 }, "/fault-codes/events?limit=5");
    } finally {
      await client.close();
    }
  });

  it("answer hos_available_time as the route does, and keep the drivers below the limits given", async () => {
    const client = await connectMcp(generation, { key });
    try {
      // The clocks are computed at each request: the tool's lie between the route's before and after.
      const before = (await rest("/hos/available-time")) as { results: Clocks[]; next?: string };
      const answer = await client.callTool("hos_available_time", { connectionId });
      const after = (await rest("/hos/available-time")) as { results: Clocks[]; next?: string };
      expect(answer.isError, JSON.stringify(answer)).toBeFalsy();
      const tool = answer.structuredContent as { results: Clocks[]; next?: string };
      expect(tool.next).toBe(before.next);
      expect(tool.results.map((clocks) => clocks.driver)).toEqual(before.results.map((clocks) => clocks.driver));
      expect(tool.results.length).toBeGreaterThan(0);
      tool.results.forEach((clocks, index) => {
        const [earlier, later] = [before.results[index] as Clocks, after.results[index] as Clocks];
        expect(omitClocks(clocks)).toEqual(omitClocks(earlier));
        for (const clock of CLOCKS) {
          const bounds = [earlier.availableTime[clock], later.availableTime[clock]];
          const left = clocks.availableTime[clock];
          expect(left, `${clocks.driver} ${clock}`).toBeGreaterThanOrEqual(Math.min(...bounds));
          expect(left, `${clocks.driver} ${clock}`).toBeLessThanOrEqual(Math.max(...bounds));
        }
      });

      // Limits between the drivers' clocks where they differ enough; otherwise one above them all.
      const drive = splitBetween(after.results.map((clocks) => clocks.availableTime.drive));
      const cycle = splitBetween(after.results.map((clocks) => clocks.availableTime.cycle));
      const below: Partial<Record<"drive" | "cycle", number>> =
        drive === undefined && cycle === undefined
          ? { drive: Math.max(...after.results.map((clocks) => clocks.availableTime.drive)) + 30 * MINUTE_MS }
          : { ...(drive === undefined ? {} : { drive }), ...(cycle === undefined ? {} : { cycle }) };
      const limits = Object.entries(below) as ["drive" | "cycle", number][];
      const expected = after.results
        .filter((clocks) => limits.some(([clock, limit]) => clocks.availableTime[clock] < limit))
        .map((clocks) => clocks.driver);
      const filtered = await client.callTool("hos_available_time", { connectionId, below });
      expect(filtered.isError, JSON.stringify(filtered)).toBeFalsy();
      const kept = filtered.structuredContent as { results: Clocks[]; next?: string };
      expect(kept.results.map((clocks) => clocks.driver)).toEqual(expected);
      expect(kept.next).toBe(after.next);

      const none = await client.callTool("hos_available_time", { connectionId, below: { shift: 0 } });
      expect(none.structuredContent?.results).toEqual([]);
      expect(none.content[0]?.text).toContain("0 drivers below the limits given");
    } finally {
      await client.close();
    }
  });

  it.each([
    [{ drive: -1 }, "{toolArguments}.below.drive"],
    [{ cycle: 1.5 }, "{toolArguments}.below.cycle"],
    [{ shift: "soon" }, "{toolArguments}.below.shift"],
    [{ brake: 60_000 }, "{toolArguments}.below"],
    [{}, "{toolArguments}.below"],
    ["an hour", "{toolArguments}.below"],
  ])("refuses below %o with a bad_request at %s", async (below, path) => {
    const client = await connectMcp(generation, { key });
    try {
      const answer = await client.callTool("hos_available_time", { connectionId, below });
      expect(answer.isError).toBe(true);
      const body = answer.structuredContent as { code: string; message: string; detail: { path: string }[] };
      expect(body.code).toBe("bad_request");
      expect(body.detail.map((problem) => problem.path)).toContain(path);
      expect(answer.content[0]?.text).toContain("bad_request (400)");
    } finally {
      await client.close();
    }
  });

  it("describes the below clocks in the tool's input schema", async () => {
    const client = await connectMcp(generation, { key });
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((candidate) => candidate.name === "hos_available_time");
      const schema = tool?.inputSchema as { properties?: Record<string, { properties?: object }> } | undefined;
      const below = schema?.properties?.below;
      expect(Object.keys(below?.properties ?? {})).toEqual(["drive", "shift", "cycle"]);
      for (const name of ["hos_logs", "hos_daily_logs", "ifta_summary", "list_safety_events", "get_safety_event"]) {
        expect(tools.find((candidate) => candidate.name === name)?.annotations?.readOnlyHint, name).toBe(true);
      }
    } finally {
      await client.close();
    }
  });
});

const omitClocks = (clocks: Clocks) => {
  const { availableTime: _clocks, ...rest } = clocks;
  return rest;
};
