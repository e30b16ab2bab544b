import type { Context, Hono } from "hono";
import type { AppFetch } from "../api/in-process-call";
import { ConnectionUsageTable, MonthlyUsage, MonthPicker } from "./pages/usage";
import { renderDashboard } from "./render";
import { monthName } from "./usage-chart";
import { recordsToCsv } from "./usage-csv";
import {
  CHART_MONTHS,
  currentMonth,
  monthsEndingAt,
  perConnection,
  totalsOf,
  type UsageRecord,
  usageOfMonth,
} from "./usage-data";
import { type DashboardEnv, viewQuery } from "./viewer";

/** The month the request chose (`?month=`), or the current UTC month; GET /usage judges its form. */
const chosenMonth = (c: Context<DashboardEnv>) => c.req.query("month")?.trim() || currentMonth();

/**
 * The usage page and its CSV, both read from GET /usage as the signed-in member (viewers included:
 * the route lets every member read usage): billable vehicles and backfill units of the last twelve
 * months as charts and a table, the chosen month per connection, and that month's records as CSV.
 */
export function registerUsagePage(dashboard: Hono<DashboardEnv>, appFetch: AppFetch) {
  dashboard.get("/usage", async (c) => {
    const { viewer } = c.var;
    const month = chosenMonth(c);
    // The chosen month first: the route refuses a malformed month before the page counts back from it.
    const records = (await usageOfMonth(c, appFetch, month)) as UsageRecord[];
    const earlier = monthsEndingAt(month, CHART_MONTHS).slice(0, -1);
    const totals = await Promise.all(
      earlier.map(async (each) => totalsOf(each, (await usageOfMonth(c, appFetch, each)) as UsageRecord[])),
    );
    totals.push(totalsOf(month, records));
    const query = viewQuery(viewer);
    const hidden = { app: viewer.principal.applicationId, env: viewer.principal.environment };
    return renderDashboard(c, {
      title: "Usage",
      viewer,
      current: "/dashboard/usage",
      children: (
        <>
          <MonthPicker month={month} hidden={hidden} />
          <h2>{`The ${CHART_MONTHS} months to ${monthName(month)}`}</h2>
          <MonthlyUsage
            months={totals}
            chosen={month}
            monthHref={(each) => `/dashboard/usage?${query}&month=${each}`}
          />
          <h2>{`Per connection, ${monthName(month)}`}</h2>
          <ConnectionUsageTable month={month} rows={perConnection(records)} query={query} />
          <p>
            <a href={`/dashboard/usage.csv?${query}&month=${month}`}>
              {`Download ${monthName(month)} as CSV (every record of GET /usage)`}
            </a>
          </p>
        </>
      ),
    });
  });

  dashboard.get("/usage.csv", async (c) => {
    const { principal } = c.var.viewer;
    const month = chosenMonth(c);
    const records = await usageOfMonth(c, appFetch, month);
    // Billing records of the application: never cached, never sniffed as something else.
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header(
      "Content-Disposition",
      `attachment; filename="usage-${principal.applicationId}-${principal.environment}-${month}.csv"`,
    );
    return c.body(recordsToCsv(records), 200);
  });
}
