/**
 * The syncs section of a connection's page: marked live (for its script) while a sync is requested
 * or in progress, and not once every sync has ended.
 */
import { describe, expect, it } from "vitest";
import { hasActiveSync, SyncsSection, type SyncView } from "../../src/dashboard/pages/connection-syncs";

const sync = (status: string, progress = 0): SyncView => ({ id: `sync_${status}`, status, progress });

// The component called as JSX would call it: its node written out as the page writes it.
const render = async (syncs: SyncView[]) => String(await SyncsSection({ syncs }).toString());

describe("the syncs section", () => {
  it("is live while a sync is requested or in progress, and says so in its status line", async () => {
    for (const status of ["requested", "in_progress"]) {
      const html = await render([sync(status, 40), sync("completed", 100)]);
      expect(hasActiveSync([sync(status)])).toBe(true);
      expect(html).toContain('data-live="true"');
      expect(html).toContain(`Sync sync_${status} is ${status} (40%)`);
    }
  });

  it("is not live once every sync has ended", async () => {
    const syncs = [sync("completed", 100), sync("failed", 30)];
    expect(hasActiveSync(syncs)).toBe(false);
    const html = await render(syncs);
    expect(html).toContain('data-live="false"');
    expect(html).toContain('value="30"');
  });
});
