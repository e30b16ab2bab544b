/** Faults in sync against the fake Samsara (./sync-faults.ts says what is injected and asserted). */
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { createTestApplication } from "../helpers/factories";
import { injectedFaults } from "../helpers/fake-faults";
import { expectCanonical } from "../providers/samsara-canonical";
import { connectSamsara, createSamsaraAccount, patchSamsaraAccount } from "../providers/samsara-helpers";
import { cleanFirstSync, FAULTS, syncUnderFaults } from "./sync-faults";

describe("syncs under 30 % provider faults store exactly the provider's data", () => {
  it("Samsara", async () => {
    const app = await createTestApplication();
    const account = await createSamsaraAccount({ vehicles: 8 });
    const connection = await connectSamsara(app, account.token);
    const key = app.keys.sandbox.secret;
    const { token } = connection;
    const firstSync = await cleanFirstSync(key, token);
    await patchSamsaraAccount(account.token, { faults: FAULTS });

    await syncUnderFaults("samsara", {
      key,
      token,
      firstSync,
      days: 7,
      expectExact: (window) => expectCanonical(key, token, account.fleet, window),
      injected: () => injectedFaults(env.SAMSARA_BASE_URL, account.token),
    });
  }, 320_000);
});
