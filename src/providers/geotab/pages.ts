import type { SyncModel } from "../../model/normalized";
import type { ProviderPage, ReadRequest } from "../types";
import type { GeotabClient } from "./client";
import { readFeed, readGroups } from "./lists";
import { hasHardware } from "./mapping";
import { geotabDevice } from "./payloads";
import { readSafetyEvents } from "./safety-events";
import { readUtilization } from "./utilization";

/**
 * Reading MyGeotab page by page. `Get` has no cursor, only `resultsLimit` (at most 50,000), so:
 * - vehicles, drivers, devices: the `GetFeed` of Device / User from the beginning, page after
 *   page with `fromVersion` = the last page's `toVersion` (the cursor holds it); a page shorter
 *   than `resultsLimit` is the last. GetFeed allows 1 call a second per type: the next page
 *   may meet OverLimitException, which the queue retries after its Retry-After.
 * - groups: `Get Group` answers the whole (small) flat list; pages are id-ordered slices of it.
 * - utilization: the devices in id order (the cursor holds the last one done), a few per page,
 *   each device's Trips and total-fuel StatusData of the window in one ExecuteMultiCall.
 * - safety events: `Get ExceptionEvent` over a span of the window, a page ending at its
 *   `pageSize`-th event; the cursor holds where the rest of the window starts (readSafetyEvents).
 */
export async function readGeotabPage(
  client: GeotabClient,
  model: SyncModel,
  request: ReadRequest,
): Promise<ProviderPage> {
  switch (model) {
    case "groups":
      return readGroups(client, request);
    case "vehicles":
      return readFeed(client, model, "Device", request, () => true);
    case "drivers":
      return readFeed(
        client,
        model,
        "User",
        request,
        (user) => (user as { isDriver?: unknown } | null)?.isDriver === true,
      );
    case "devices":
      return readFeed(client, model, "Device", request, (device) => {
        const parsed = geotabDevice.safeParse(device);
        // An unreadable Device is kept, so that normalizing it reports it.
        return !parsed.success || hasHardware(parsed.data);
      });
    case "vehicleUtilization":
      return readUtilization(client, request);
    case "safetyEvents":
      return readSafetyEvents(client, request);
  }
}
