/**
 * The dashboard's usage page (issue 24): the last twelve months of billable vehicles and backfill
 * units, the chosen month per connection, and its CSV, each equal to what GET /usage answers; a
 * malformed month is the route's 400 message; signed-out requests go to the sign-in page.
 */
import { describe, expect, it } from "vitest";
import { recordsToCsv } from "../../src/dashboard/usage-csv";
import { newId } from "../../src/lib/ids";
import { walkPages } from "../helpers/api-assertions";
import { createTestApplication, insertUsage, type TestApplication } from "../helpers/factories";
import { BASE, call, type Environment } from "../helpers/http";
import { send, signIn } from "./helpers";

type UsageRecord = { connection: string; vehicle: string; backfillUnitCount: number };

/** Every record of GET /usage for the month, with the application's own key (not through the dashboard). */
async function usageOf(app: TestApplication, month: string, environment: Environment = "sandbox") {
  const { all } = await walkPages<UsageRecord>((cursor) =>
    call("GET", `${BASE[environment]}/usage?month=${month}&limit=500${cursor ? `&cursor=${cursor}` : ""}`, {
      key: app.keys[environment].secret,
    }),
  );
  return all;
}

/** The figures of the page's table rows marked `data-<attribute>`, by that attribute's value. */
function tableRows(html: string, attribute: "month" | "connection") {
  const rows = new Map<string, { vehicles: number; units: number }>();
  const pattern = new RegExp(
    `<tr data-${attribute}="([^"]+)">.*?<td class="count">([\\d,]+)</td><td class="count">([\\d,]+)</td></tr>`,
    "gs",
  );
  for (const match of html.matchAll(pattern)) {
    const count = (text: string | undefined) => Number((text ?? "").replaceAll(",", ""));
    rows.set(match[1] as string, { vehicles: count(match[2]), units: count(match[3]) });
  }
  return rows;
}

/** RFC 4180, read back: quoted fields (doubled quotes, commas and line breaks inside), CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else field += char;
  }
  expect(field, "the file ends with a CRLF").toBe("");
  expect(row).toEqual([]);
  return rows;
}

/** The CSV's records: each line's fields under the header's names. */
function csvRecords(text: string): Record<string, string>[] {
  const [header, ...lines] = parseCsv(text);
  return lines.map((line) => Object.fromEntries((header ?? []).map((name, index) => [name, line[index] ?? ""])));
}

/** A route record as the CSV writes it: every value as text. */
const asText = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, String(value)]));

/**
 * An application with usage inside the twelve months to 2026-03 (two connections that month, one in
 * December, one in the window's first month), one month before the window, and production usage.
 */
async function fixture() {
  const app = await createTestApplication();
  await insertUsage(app, "sandbox", "2026-03", newId("connection"), 3);
  await insertUsage(app, "sandbox", "2026-03", newId("connection"), 2);
  await insertUsage(app, "sandbox", "2025-12", newId("connection"), 4);
  await insertUsage(app, "sandbox", "2025-04", newId("connection"), 2);
  await insertUsage(app, "sandbox", "2025-03", newId("connection"), 5);
  await insertUsage(app, "production", "2026-03", newId("connection"), 6);
  const { cookie } = await signIn(app.id, "viewer");
  return { app, cookie };
}

const WINDOW = [
  "2025-04",
  "2025-05",
  "2025-06",
  "2025-07",
  "2025-08",
  "2025-09",
  "2025-10",
  "2025-11",
  "2025-12",
  "2026-01",
  "2026-02",
  "2026-03",
];

describe("the usage page", () => {
  it("shows each of the twelve months as GET /usage answers it, as charts and a table, to a viewer", async () => {
    const { app, cookie } = await fixture();
    const page = await send(`/dashboard/usage?app=${app.id}&env=sandbox&month=2026-03`, { cookie });
    expect(page.status).toBe(200);
    const months = tableRows(page.html, "month");
    expect([...months.keys()]).toEqual(WINDOW);
    for (const month of WINDOW) {
      const records = await usageOf(app, month);
      expect(months.get(month), month).toEqual({
        vehicles: records.length,
        units: records.reduce((sum, record) => sum + record.backfillUnitCount, 0),
      });
    }
    expect(months.get("2026-03")?.vehicles).toBe(5);
    expect(months.get("2025-04")?.vehicles).toBe(2);
    // Two inline SVG charts, each one image with a name; no script on the page.
    expect(page.html.match(/<svg[^>]*role="img"[^>]*aria-label="Bar chart of [^"]+"/g)).toHaveLength(2);
    expect(page.html).not.toContain("<script");
    expect(page.html).toMatch(
      /<label for="month">[^<]+<\/label><input id="month" name="month" type="month" value="2026-03"/,
    );
    expect(page.html).toContain(`<input type="hidden" name="app" value="${app.id}"/>`);
  });

  it("shows the chosen month per connection as GET /usage lists it", async () => {
    const { app, cookie } = await fixture();
    const page = await send(`/dashboard/usage?app=${app.id}&env=sandbox&month=2026-03`, { cookie });
    const records = await usageOf(app, "2026-03");
    const expected = new Map<string, { vehicles: number; units: number }>();
    for (const record of records) {
      const row = expected.get(record.connection) ?? { vehicles: 0, units: 0 };
      expected.set(record.connection, { vehicles: row.vehicles + 1, units: row.units + record.backfillUnitCount });
    }
    expect(expected.size).toBe(2);
    expect(tableRows(page.html, "connection")).toEqual(expected);
  });

  it("shows the environment chosen: production's usage, not the sandbox's", async () => {
    const { app, cookie } = await fixture();
    const page = await send(`/dashboard/usage?app=${app.id}&env=production&month=2026-03`, { cookie });
    expect(page.status).toBe(200);
    const production = await usageOf(app, "2026-03", "production");
    expect(tableRows(page.html, "month").get("2026-03")?.vehicles).toBe(production.length);
    expect(tableRows(page.html, "connection").size).toBe(1);
    expect(page.html).toContain(`/dashboard/usage.csv?app=${app.id}&amp;env=production&amp;month=2026-03`);
  });

  it("shows the current UTC month when none is chosen", async () => {
    const { app, cookie } = await fixture();
    const before = new Date().toISOString().slice(0, 7);
    const page = await send(`/dashboard/usage?app=${app.id}`, { cookie });
    const after = new Date().toISOString().slice(0, 7);
    expect(page.status).toBe(200);
    const shown = /name="month" type="month" value="(\d{4}-\d{2})"/.exec(page.html)?.[1];
    expect([before, after]).toContain(shown);
  });

  it("shows a malformed month as the route's 400 message, page and CSV alike", async () => {
    const { app, cookie } = await fixture();
    const route = await call("GET", `${BASE.sandbox}/usage?month=2026-13`, { key: app.keys.sandbox.secret });
    expect(route.status).toBe(400);
    const message = String(route.body.message)
      .replaceAll("&", "&amp;")
      .replaceAll('"', "&quot;")
      .replaceAll("'", "&#39;");
    for (const path of ["/dashboard/usage", "/dashboard/usage.csv"]) {
      const page = await send(`${path}?app=${app.id}&month=2026-13`, { cookie });
      expect(page.status, path).toBe(400);
      expect(page.html).toContain(message.replaceAll("<", "&lt;").replaceAll(">", "&gt;"));
      expect(page.html).not.toMatch(/at \S+ \(|Error:/);
    }
  });

  it("sends a signed-out request to the sign-in page", async () => {
    for (const path of ["/dashboard/usage?month=2026-03", "/dashboard/usage.csv?month=2026-03"]) {
      const answer = await send(path);
      expect(answer.status, path).toBe(303);
      expect(answer.location).toBe("/dashboard/sign-in");
    }
  });
});

describe("the usage CSV", () => {
  it("is every record of GET /usage for the month, every page of it, read back exactly", async () => {
    const app = await createTestApplication();
    // More records than the route's largest page (500), so the file must follow its pages.
    await insertUsage(app, "sandbox", "2026-02", newId("connection"), 320);
    await insertUsage(app, "sandbox", "2026-02", newId("connection"), 200);
    const { cookie } = await signIn(app.id, "viewer");
    const answer = await send(`/dashboard/usage.csv?app=${app.id}&env=sandbox&month=2026-02`, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="usage-${app.id}-sandbox-2026-02.csv"`,
    );
    const records = await usageOf(app, "2026-02");
    expect(records).toHaveLength(520);
    expect(parseCsv(answer.html)[0]).toEqual(Object.keys(records[0] as UsageRecord));
    expect(csvRecords(answer.html)).toEqual(records.map(asText));
  });

  it("is empty for a month without usage", async () => {
    const app = await createTestApplication();
    const { cookie } = await signIn(app.id, "viewer");
    const answer = await send(`/dashboard/usage.csv?app=${app.id}&month=2026-01`, { cookie });
    expect(answer.status).toBe(200);
    expect(await usageOf(app, "2026-01")).toEqual([]);
    expect(answer.html).toBe("");
  });

  it("quotes fields with quotes, commas and line breaks, and names nested fields with dots", () => {
    // GET /usage answers ids and integers only, so the quoting is checked on the writer itself.
    const records = [
      { connection: 'conn "A", north', company: { name: "Line\r\nbreak", dot: 7 }, tags: ["a", "b"] },
      { connection: "plain", company: { name: "Acme", dot: 8 }, tags: [] },
    ];
    const csv = recordsToCsv(records);
    expect(csv.split("\r\n")[0]).toBe("connection,company.name,company.dot,tags");
    expect(csvRecords(csv)).toEqual([
      { connection: 'conn "A", north', "company.name": "Line\r\nbreak", "company.dot": "7", tags: '["a","b"]' },
      { connection: "plain", "company.name": "Acme", "company.dot": "8", tags: "[]" },
    ]);
  });
});
