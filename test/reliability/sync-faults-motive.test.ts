/** Faults in sync against the fake Motive (./sync-faults.ts says what is injected and asserted). */
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { injectedFaults } from "../helpers/fake-faults";
import {
  connectMotive,
  createMotiveAccount,
  expectCanonicalFleet,
  fleetOf,
  patchMotiveAccount,
} from "../providers/motive-helpers";
import { cleanFirstSync, FAULTS, syncUnderFaults } from "./sync-faults";

describe("syncs under 30 % provider faults store exactly the provider's data", () => {
  it("Motive", async () => {
    const account = await createMotiveAccount({ vehicles: 8 });
    const connection = await connectMotive(account, { backfill: { days: 3 } });
    const { key, token } = connection;
    const firstSync = await cleanFirstSync(key, token);
    await patchMotiveAccount(account.credential, { faults: FAULTS });

    await syncUnderFaults("motive", {
      key,
      token,
      firstSync,
      days: 3,
      expectExact: (window) => expectCanonicalFleet(connection, fleetOf(account), window),
      injected: () => injectedFaults(env.MOTIVE_BASE_URL, account.credential),
    });
  }, 320_000);
});
