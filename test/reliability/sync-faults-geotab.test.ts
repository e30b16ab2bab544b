/** Faults in sync against the fake Geotab (./sync-faults.ts says what is injected and asserted). */
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { injectedFaults } from "../helpers/fake-faults";
import { expected, expectFleet, setup as setupGeotab, stored as storedGeotab } from "../providers/geotab-canonical";
import { patchGeotabAccount } from "../providers/geotab-helpers";
import { cleanFirstSync, FAULTS, syncUnderFaults } from "./sync-faults";

describe("syncs under 30 % provider faults store exactly the provider's data", () => {
  it("Geotab", async () => {
    const { account, key, token } = await setupGeotab({ vehicles: 8 }, { backfill: { days: 0 } });
    const firstSync = await cleanFirstSync(key, token);
    await patchGeotabAccount(account, { faults: FAULTS });

    await syncUnderFaults("geotab", {
      key,
      token,
      firstSync,
      days: 5,
      expectExact: async (window) => expectFleet(await storedGeotab(key, token), expected(account, window)),
      injected: () => injectedFaults(env.GEOTAB_BASE_URL, account.credential),
    });
  }, 320_000);
});
