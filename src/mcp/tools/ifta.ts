/**
 * The IFTA tool (GET /ifta/summary): kilometres by jurisdiction, vehicle and month, for fuel-tax
 * reports. Its own file: distances by jurisdiction are neither duty status nor safety.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { IftaSummaryQuerySchema } from "../../families/ifta-summaries/schema";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";
import { idOf, itemLines } from "./lines";

type IftaGroupView = {
  vehicle?: string | { id: string };
  jurisdiction?: string | null;
  month?: string;
  distance: number;
};

const describeGroup = (group: IftaGroupView) => {
  const keys = [
    group.vehicle === undefined ? undefined : idOf(group.vehicle),
    group.jurisdiction === undefined ? undefined : (group.jurisdiction ?? "no jurisdiction"),
    group.month,
  ].filter((key) => key !== undefined);
  return `- ${keys.join(" ")}: ${group.distance.toFixed(1)} km`;
};

/** Distances by IFTA jurisdiction of a connection's vehicles. */
export function registerIftaTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "ifta_summary",
    title: "IFTA distance summary",
    description:
      "Kilometres the vehicles drove in each IFTA jurisdiction (US state, Canadian province; two-letter code, null outside every one) from `startMonth` to `endMonth` (YYYY-MM, UTC, both included, at most 60 months), summed by `groupBy`: `jurisdiction`, `vehicle`, `vehicle,jurisdiction` (default) or `vehicle,jurisdiction,month`. Paged (1,000 groups a page): pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: IftaSummaryQuerySchema,
    request: (args) => ({ method: "GET", path: "/ifta/summary", query: args }),
    summary: (body) =>
      [pageSummary(body, "groups"), ...itemLines((body as { results: IftaGroupView[] }).results, describeGroup)].join(
        "\n",
      ),
  });
}
