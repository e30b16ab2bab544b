/**
 * The cross-provider contract for the platforms beyond Samsara, Motive and Geotab
 * (contract.test.ts has those): one canonical fleet, put on the fakes of Verizon Connect Reveal,
 * Webfleet, GPS Insight, Azuga, MiX and Teletrac Navman 360, synced end to end through POST /connections and read
 * through the API, normalizes to the canonical records of every family each platform's adapter
 * claims `supported`, within the platform's precision (contract-platforms-precision.ts). The
 * families a platform does not serve are skipped, as its adapter's supportedModels says; a family
 * it claims that no comparison here covers fails.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { findProvider } from "../../src/providers/registry";
import { MODEL_NAMES, type ModelName } from "../../src/providers/types";
import { FAKE_BASE_URL_VARS } from "../fakes/base-urls.ts";
import { PROVIDERS } from "./contract-helpers";
import { type Context, contextOf, PLATFORMS, type Platform } from "./contract-platforms";
import { COMPARE_RECORDS } from "./contract-platforms-records";
import { COMPARE_SERIES } from "./contract-platforms-series";

const COMPARE: Readonly<Record<string, (context: Context) => Promise<void>>> = {
  ...COMPARE_RECORDS,
  ...COMPARE_SERIES,
};
/** The families compared here. */
const COMPARED = Object.keys(COMPARE) as ModelName[];

// Every platform syncs at once (each paced by its own quotas), before any comparison.
const settled = new Map<Platform["code"], PromiseSettledResult<Context>>();
beforeAll(async () => {
  const results = await Promise.allSettled(PLATFORMS.map((platform) => contextOf(platform)));
  for (const [index, platform] of PLATFORMS.entries()) settled.set(platform.code, results[index]!);
}, 150_000);

it("covers every platform that has a fake: here, or in contract.test.ts", () => {
  const covered = [...PROVIDERS, ...PLATFORMS].map((provider) => provider.code as string);
  const uncovered = Object.keys(FAKE_BASE_URL_VARS).filter((code) => !covered.includes(code));
  expect(uncovered, "fakes of no contract: add them to PLATFORMS (contract-platforms.ts) and PRECISION").toEqual([]);
});

describe.each(PLATFORMS)("the canonical fleet through $code", ({ code }) => {
  const adapter = findProvider(code)!;
  const claims = (model: ModelName) => adapter.supportedModels[model];

  it("claims only families this contract compares", () => {
    const unchecked = MODEL_NAMES.filter((model) => claims(model) === "supported" && !COMPARED.includes(model));
    expect(unchecked, `${code} claims families with no comparison here`).toEqual([]);
  });

  for (const family of COMPARED) {
    const supported = claims(family) === "supported";
    it.skipIf(!supported)(`${family}${supported ? "" : ` (skipped: ${claims(family)})`}`, async () => {
      const result = settled.get(code);
      if (!result) throw new Error(`${code}: the sync did not run`);
      if (result.status === "rejected") throw result.reason;
      await COMPARE[family]!(result.value);
    });
  }
});
