import { formatCount, MonthlyBarChart, monthName } from "../usage-chart";
import type { ConnectionUsage, MonthTotals } from "../usage-data";

/** The usage page's own style rules, appended to the dashboard's stylesheet. */
export const USAGE_CSS = `
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:16px;margin:0 0 16px}
.charts figure{margin:0;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px}
.charts figcaption{font-weight:600;margin:0 0 8px}
.chart{display:block;width:100%;height:auto}
.chart-axis{stroke:#6b7280;stroke-width:1}
.chart-vehicles{fill:#1d4ed8}
.chart-backfill{fill:#047857}
.chart-value,.chart-label{fill:#374151;font-size:13px}
td.count,th.count{text-align:right}
.usage-month [aria-current]{font-weight:700;color:#111827}
caption{text-align:left;font-weight:600;padding:8px 10px}
`;

/** The month picker: a GET form (works without JavaScript) keeping the application and environment. */
export function MonthPicker(props: { month: string; hidden: Record<string, string> }) {
  return (
    <form method="get" action="/dashboard/usage" class="search">
      {Object.entries(props.hidden).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <div class="field">
        <label for="month">Month (YYYY-MM)</label>
        <input id="month" name="month" type="month" value={props.month} placeholder="YYYY-MM" />
      </div>
      <button class="primary" type="submit">
        Show
      </button>
    </form>
  );
}

/** The last months as two charts (vehicles and backfill units differ in scale) and the same figures as a table. */
export function MonthlyUsage(props: { months: MonthTotals[]; chosen: string; monthHref: (month: string) => string }) {
  const { months } = props;
  return (
    <>
      <div class="charts">
        <figure>
          <figcaption>Billable vehicles</figcaption>
          <MonthlyBarChart
            measure="billable vehicles"
            barClass="chart-vehicles"
            points={months.map((row) => ({ month: row.month, value: row.billableVehicles }))}
          />
        </figure>
        <figure>
          <figcaption>Backfill units</figcaption>
          <MonthlyBarChart
            measure="backfill units"
            barClass="chart-backfill"
            points={months.map((row) => ({ month: row.month, value: row.backfillUnits }))}
          />
        </figure>
      </div>
      <section class="table-wrap usage-month" aria-label="Usage per month" tabindex={0}>
        <table>
          <caption>Usage per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" class="count">
                Billable vehicles
              </th>
              <th scope="col" class="count">
                Backfill units
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr data-month={row.month}>
                <th scope="row">
                  <a href={props.monthHref(row.month)} aria-current={row.month === props.chosen ? "true" : undefined}>
                    <time datetime={row.month}>{monthName(row.month)}</time>
                  </a>
                </th>
                <td class="count">{formatCount(row.billableVehicles)}</td>
                <td class="count">{formatCount(row.backfillUnits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** The chosen month per connection, as GET /usage lists its records, with the month's totals. */
export function ConnectionUsageTable(props: { month: string; rows: ConnectionUsage[]; query: string }) {
  const { rows } = props;
  if (rows.length === 0) return <p>{`No usage in ${monthName(props.month)}.`}</p>;
  const vehicles = rows.reduce((sum, row) => sum + row.billableVehicles, 0);
  const units = rows.reduce((sum, row) => sum + row.backfillUnits, 0);
  return (
    <section class="table-wrap" aria-label={`Usage per connection, ${monthName(props.month)}`} tabindex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Connection</th>
            <th scope="col" class="count">
              Billable vehicles
            </th>
            <th scope="col" class="count">
              Backfill units
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr data-connection={row.connection}>
              <th scope="row">
                <a href={`/dashboard/connections/${row.connection}?${props.query}`}>{row.connection}</a>
              </th>
              <td class="count">{formatCount(row.billableVehicles)}</td>
              <td class="count">{formatCount(row.backfillUnits)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td class="count">{formatCount(vehicles)}</td>
            <td class="count">{formatCount(units)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
