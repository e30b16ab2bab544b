/**
 * `GET /providers` tells the truth, both ways (issue 21): for every platform and every model,
 * a model the adapter says is `supported` is read from the provider's fake (or the sandbox) and
 * answers records, and a model it says is `not_supported_by_provider` (or
 * `not_supported_by_terminal`: the provider has it, this service does not read it yet) is refused
 * as such when read. The MyGeotab resellers share Geotab's adapter (geotab-family.test.ts checks their claims
 * equal Geotab's).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SYNC_MODELS, type SyncModel, WINDOWED_MODELS } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { findProvider } from "../../src/providers/registry";
import { MODEL_NAMES, type ProviderAdapter, type ReadRequest } from "../../src/providers/types";
import { createAzugaAccount } from "./azuga-helpers";
import { createGeotabAccount } from "./geotab-helpers";
import { createGpsInsightAccount } from "./gps-insight-helpers";
import { createMixAccount, credentialsOf as mixCredentialsOf } from "./mix-helpers";
import { createMotiveAccount } from "./motive-helpers";
import { createSamsaraAccount } from "./samsara-helpers";
import { createTn360Account, credentialsOf as tn360CredentialsOf } from "./teletrac-navman-helpers";
import { createVerizonAccount, credentialsOf } from "./verizon-helpers";

const DAY_MS = 86_400_000;
const VEHICLES = 8;

/** Each platform, with an account on its fake holding the canonical fleet. */
const PLATFORMS: { code: string; credentials: () => Promise<Record<string, string>> }[] = [
  {
    code: "samsara",
    credentials: async () => ({ apiToken: (await createSamsaraAccount({ vehicles: VEHICLES })).token }),
  },
  {
    code: "motive",
    credentials: async () => ({ apiKey: (await createMotiveAccount({ vehicles: VEHICLES })).credential }),
  },
  { code: "geotab", credentials: async () => (await createGeotabAccount({ vehicles: VEHICLES })).credentials },
  {
    code: "gps-insight",
    credentials: async () => {
      const { username, password } = await createGpsInsightAccount({ vehicles: VEHICLES });
      return { username, password };
    },
  },
  {
    code: "verizon-reveal",
    credentials: async () => credentialsOf(await createVerizonAccount({ vehicles: VEHICLES })),
  },
  {
    code: "azuga",
    credentials: async () => {
      const { username, password } = await createAzugaAccount({ vehicles: VEHICLES });
      return { username, password };
    },
  },
  {
    code: "mix-telematics",
    credentials: async () => mixCredentialsOf(await createMixAccount({ vehicles: VEHICLES })),
  },
  {
    code: "teletrac-navman-360",
    credentials: async () => tn360CredentialsOf(await createTn360Account({ vehicles: VEHICLES })),
  },
  { code: "sandbox", credentials: async () => ({ username: `models-${crypto.randomUUID()}`, password: "any" }) },
];

/** A week up to the end of today: every windowed family of the canonical fleets has records in it. */
const window = () => {
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
  return { start: new Date(end - 7 * DAY_MS), end: new Date(end) };
};

/** The pages of a model until one has records (at most 20), asking again after a throttle. */
async function firstRecords(adapter: ProviderAdapter, model: SyncModel, request: ReadRequest): Promise<unknown[]> {
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; ) {
    try {
      const page = await adapter.readPage(model, { ...request, ...(cursor === undefined ? {} : { cursor }) });
      pages++;
      if (page.items.length > 0) return page.items;
      if (page.nextCursor === undefined) return [];
      cursor = page.nextCursor;
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== "rate_limited") throw error;
      await new Promise((resolve) => setTimeout(resolve, (error.retryAfterSeconds ?? 1) * 1000));
    }
  }
  return [];
}

describe("supportedModels, checked both ways against every platform", () => {
  it.each(PLATFORMS)(
    "$code",
    async ({ code, credentials }) => {
      const adapter = findProvider(code)!;
      const request: ReadRequest = {
        context: { env },
        credentials: await credentials(),
        options: {},
        connection: { id: `conn_models_${code}`, sourceId: null, createdAt: new Date(Date.now() - 30 * DAY_MS) },
        pageSize: 200,
      };
      const claims = Object.fromEntries(MODEL_NAMES.map((model) => [model, adapter.supportedModels[model]]));
      for (const model of SYNC_MODELS) {
        const windowed = WINDOWED_MODELS.includes(model) ? { window: window() } : {};
        if (claims[model] === "supported") {
          const records = await firstRecords(adapter, model, { ...request, ...windowed });
          expect(records.length, `${code} ${model}: supported, so the fake's fleet has some`).toBeGreaterThan(0);
          // Each one maps to the model (a claim the mapping does not keep is no claim).
          expect(() => adapter.normalize(model, records[0]), `${code} ${model}`).not.toThrow();
        } else {
          // Not the provider's, or not read from it by this service yet: refused alike.
          expect(["not_supported_by_provider", "not_supported_by_terminal"], `${code} ${model}`).toContain(
            claims[model],
          );
          const refused = await adapter.readPage(model, { ...request, ...windowed }).catch((error: unknown) => error);
          expect(refused, `${code} ${model}: not supported, so not read`).toMatchObject({ kind: "not_supported" });
        }
      }
      // The live reads: the providers' own clocks, or clocks computed from the logs; camera media of an event.
      if (claims.hosAvailableTime === "supported") {
        const clocks = adapter.models.hosAvailableTime;
        if (clocks) {
          const page = await clocks.read({ ...request, drivers: clocks.byDriver ? ["unknown-driver"] : [] });
          if (!clocks.byDriver) expect(page.items.length, `${code} clocks`).toBeGreaterThan(0);
        } else expect(claims.hosLogs, `${code}: clocks computed from the logs`).toBe("supported");
      }
      if (claims.cameraMedia !== "supported") {
        const refused = await adapter.readCameraMedia(request, "any-event").catch((error: unknown) => error);
        expect(refused, `${code} camera media`).toMatchObject({ kind: "not_supported" });
      } else expect(adapter.models.cameraMedia, `${code} camera media`).toBeDefined();
    },
    120_000,
  );
});
