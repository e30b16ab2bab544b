/**
 * Where a read's CPU goes (`npm run bench:profile`): a V8 CPU profile of the Worker's isolate
 * (through `wrangler dev`'s inspector) while it serves `GET /vehicles?limit=100` one request at
 * a time, summed by function (self time) and by source file (self time). A tool for finding
 * what a read does that it need not; its figures are printed, not recorded in BENCHMARKS.md.
 * BENCH_PROFILE_REQUESTS (default 400), BENCH_PROFILE_PATH (default /vehicles?limit=100; with
 * `{vehicle}` a time-series read of a fleet backfilled one day, e.g.
 * `/vehicles/{vehicle}/locations?{yesterday}&limit=1000`);
 * BENCH_PROFILE_INTERVAL (default 100) is the sampling interval in µs.
 * BENCH_PROFILE_OUT=<dir> also writes the profile (profile.cpuprofile) and the scripts it samples.
 * BENCH_PROFILE=sync profiles a sync instead: BENCH_PROFILE_FLEET vehicles (default 200) over
 * 365 days (the sync benchmark's shape, smaller), from the connection's creation to its sync's end.
 * BENCH_PROFILE=series profiles a time-series backfill: BENCH_PROFILE_FLEET vehicles × 1 day with
 * the application's time series on (bench:timeseries's shape, smaller).
 */
import { apiGet, connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { Inspector } from "./lib/inspector.ts";
import { startService } from "./lib/service.ts";

const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 400);
const SYNC = process.env.BENCH_PROFILE === "sync";
const SERIES = process.env.BENCH_PROFILE === "series";
const PATH = process.env.BENCH_PROFILE_PATH ?? "/vehicles?limit=100";
const SYNC_FLEET = Number(process.env.BENCH_PROFILE_FLEET ?? 200);
// Microseconds between samples: finer shows more, and slows the isolate more.
const INTERVAL = Number(process.env.BENCH_PROFILE_INTERVAL ?? 100);

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; scriptId: string };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const service = await startService({ name: "profile", port: 8861, inspectorPort: 9361 });
try {
  const application = await createApplication(service, "profile bench", {
    timeSeries: SERIES || PATH.includes("{vehicle}"),
  });
  const inspector = await Inspector.connect(service.inspectorPort);
  await inspector.send("Debugger.enable", {}, 60_000);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: INTERVAL });
  let wall: number;
  let units: number;
  let what: string;
  if (SYNC || SERIES) {
    const days = SERIES ? 1 : 365;
    await inspector.send("Profiler.start");
    const started = performance.now();
    const fleet = await connectSandboxFleet(service, application, { fleetSize: SYNC_FLEET, days });
    await waitForSync(service, fleet, { timeoutMs: 1_800_000 });
    wall = performance.now() - started;
    units = SYNC_FLEET * days;
    what = SERIES
      ? `a time-series backfill of ${SYNC_FLEET} vehicles × 1 day (per vehicle-day)`
      : `a sync of ${SYNC_FLEET} vehicles × 365 days (per utilization row)`;
  } else {
    // A path with `{vehicle}` reads the time series: the fleet's first vehicle, `{yesterday}` its last day's window.
    const series = PATH.includes("{vehicle}");
    const fleet = await connectSandboxFleet(service, application, {
      fleetSize: series ? 100 : 1000,
      days: series ? 1 : 0,
    });
    await waitForSync(service, fleet, { timeoutMs: 600_000 });
    const [vehicle] = (await apiGet(`${service.sandbox}/vehicles?limit=1`, fleet)).results;
    const yesterday = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
    const window = `startAt=${new Date(yesterday).toISOString()}&endAt=${new Date(yesterday + 86_400_000).toISOString()}`;
    const url = `${service.sandbox}${PATH.replace("{vehicle}", vehicle.id).replace("{yesterday}", window)}`;
    const headers = { authorization: `Bearer ${fleet.key}`, "connection-token": fleet.token };
    const read = async () => {
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`${PATH}: ${response.status}`);
      await response.arrayBuffer();
    };
    for (let index = 0; index < 100; index++) await read();
    await apiGet(url, fleet);
    await inspector.send("Profiler.start");
    const started = performance.now();
    for (let index = 0; index < REQUESTS; index++) await read();
    wall = performance.now() - started;
    units = REQUESTS;
    what = `GET ${PATH} (per request)`;
  }
  const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop", {}, 60_000);
  // The bundle names each module in a comment before its code (`// src/…`, `// node_modules/…`):
  // the module of a line is the last such comment above it.
  const modulesOf = new Map<string, string[]>();
  const moduleAt = async (scriptId: string, line: number): Promise<string> => {
    if (!scriptId || scriptId === "0") return "(native)";
    let lines = modulesOf.get(scriptId);
    if (!lines) {
      const source = await inspector
        .send<{ scriptSource: string }>("Debugger.getScriptSource", { scriptId }, 60_000)
        .then((answer) => answer.scriptSource)
        .catch((error: unknown) => {
          console.error(`no source for script ${scriptId}: ${String(error)}`);
          return "";
        });
      let current = "(bundle)";
      lines = source.split("\n").map((text) => {
        const marker = /^\/\/ (\S+\.(?:ts|js|mjs|cjs))$/.exec(text);
        if (marker)
          current = (marker[1] as string).replace(/^(\.\.\/)+/, "").replace(/^.*?(?=(src|node_modules|bench)\/)/, "");
        return current;
      });
      modulesOf.set(scriptId, lines);
    }
    return lines[line] ?? "(bundle)";
  };
  const moduleOfNode = new Map<number, string>();
  for (const node of profile.nodes)
    moduleOfNode.set(node.id, await moduleAt(node.callFrame.scriptId, node.callFrame.lineNumber));
  if (process.env.BENCH_PROFILE_OUT) {
    // For a closer look (Chrome DevTools opens .cpuprofile files): the profile and the bundle it samples.
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(process.env.BENCH_PROFILE_OUT, { recursive: true });
    writeFileSync(`${process.env.BENCH_PROFILE_OUT}/profile.cpuprofile`, JSON.stringify(profile));
    for (const scriptId of new Set(profile.nodes.map((node) => node.callFrame.scriptId))) {
      if (!scriptId || scriptId === "0") continue;
      const { scriptSource } = await inspector
        .send<{ scriptSource: string }>("Debugger.getScriptSource", { scriptId }, 60_000)
        .catch(() => ({ scriptSource: "" }));
      if (scriptSource) writeFileSync(`${process.env.BENCH_PROFILE_OUT}/script-${scriptId}.js`, scriptSource);
    }
  }
  inspector.close();

  // Self time per node: the sampled time deltas attributed to the node each sample landed in.
  const self = new Map<number, number>();
  profile.samples.forEach((node, index) => {
    self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const micros = self.get(node.id) ?? 0;
    const { functionName, url: file, lineNumber } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)" || functionName === "(garbage collector)") {
      if (functionName !== "(idle)") busy += micros;
      if (functionName === "(garbage collector)")
        byFunction.set("(garbage collector)", (byFunction.get("(garbage collector)") ?? 0) + micros);
      continue;
    }
    busy += micros;
    const module = file.startsWith("cloudflare-internal") ? file : (moduleOfNode.get(node.id) ?? "(native)");
    const name = `${functionName || "(anonymous)"} ${module}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byFile.set(module, (byFile.get(module) ?? 0) + micros);
  }
  const perUnit = (micros: number) => `${(micros / units).toFixed(1)} µs`;
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `  ${perUnit(micros).padStart(10)}  ${name}`);
  console.log(`\n${what}: ${((wall * 1000) / units).toFixed(1)} µs wall, ${perUnit(busy)} of CPU in the isolate`);
  console.log("\nSelf time by function:");
  console.log(top(byFunction, 40).join("\n"));
  console.log("\nSelf time by module:");
  console.log(top(byFile, 40).join("\n"));
} finally {
  await service.stop();
}
