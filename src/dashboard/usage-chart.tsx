/**
 * A bar chart of one figure per month, drawn on the server as inline SVG: no script, no library, so it
 * shows with JavaScript off and under the dashboard's CSP. The SVG is one image with an accessible name;
 * its numbers are in the page's table beside it (the text alternative).
 */

const WIDTH = 480;
const HEIGHT = 220;
const LEFT = 8;
const RIGHT = 8;
const TOP = 22;
const BOTTOM = 34;

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-US");

/** A coordinate to a tenth of a unit: the drawing needs no more, and the page stays small. */
const at = (value: number) => Math.round(value * 10) / 10;

/** A month as people read it: `Apr 2025`, or `April 2025` in full. */
export function monthName(month: string, style: "short" | "long" = "long"): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return new Intl.DateTimeFormat("en-US", { month: style, year: "numeric", timeZone: "UTC" }).format(date);
}

/** A count with thousands separators, as the tables show it. */
export const formatCount = (value: number) => whole.format(value);

export type ChartProps = {
  /** What the bars count, for the image's name and each bar's title: "billable vehicles". */
  measure: string;
  /** A class giving the bars their colour (USAGE_CSS). */
  barClass: string;
  points: { month: string; value: number }[];
};

/** One bar per month, oldest on the left, each labelled with its value; the year under its first month and each January. */
export function MonthlyBarChart(props: ChartProps) {
  const { points } = props;
  const first = points[0]?.month ?? "";
  const last = points.at(-1)?.month ?? "";
  const highest = Math.max(1, ...points.map((point) => point.value));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, points.length);
  const barWidth = slot * 0.64;
  const baseline = TOP + plotHeight;
  const name = `Bar chart of ${props.measure} per month, ${monthName(first)} to ${monthName(last)}; the figures are in the table below.`;
  return (
    <svg
      class="chart"
      role="img"
      aria-label={name}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMidYMid meet"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title>{name}</title>
      <line class="chart-axis" x1={LEFT} x2={WIDTH - RIGHT} y1={baseline} y2={baseline} />
      {points.map((point, index) => {
        // A month with any usage keeps a visible sliver beside a far larger month.
        const height = at(point.value === 0 ? 0 : Math.max(1.5, (point.value / highest) * plotHeight));
        const x = at(LEFT + index * slot + (slot - barWidth) / 2);
        const centre = at(LEFT + index * slot + slot / 2);
        const showYear = index === 0 || point.month.endsWith("-01");
        return (
          <g>
            <rect class={props.barClass} x={x} y={at(baseline - height)} width={at(barWidth)} height={height}>
              <title>{`${monthName(point.month)}: ${formatCount(point.value)} ${props.measure}`}</title>
            </rect>
            <text class="chart-value" x={centre} y={at(baseline - height - 5)} text-anchor="middle">
              {compact.format(point.value)}
            </text>
            <text class="chart-label" x={centre} y={baseline + 14} text-anchor="middle">
              {monthName(point.month, "short").slice(0, 3)}
            </text>
            {showYear ? (
              <text class="chart-label" x={centre} y={baseline + 28} text-anchor="middle">
                {point.month.slice(0, 4)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
