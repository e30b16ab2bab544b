import type { ApplicationRow } from "../../../db/schema";
import { presentApiKey } from "../keys/present";

/** An application with its keys (ApplicationSchema; CreatedApplicationSchema when the keys carry `key`). */
export function presentApplication({
  application,
  keys,
}: {
  application: ApplicationRow;
  keys: Parameters<typeof presentApiKey>[0][];
}) {
  return {
    id: application.id,
    name: application.name,
    createdAt: application.createdAt.toISOString(),
    timeSeries: {
      enabled: application.seriesEnabled,
      hotDays: application.seriesHotDays,
      retentionDays: application.seriesRetentionDays,
    },
    keys: keys.map(presentApiKey),
  };
}
