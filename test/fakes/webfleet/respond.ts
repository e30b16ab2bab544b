/**
 * How the fake WEBFLEET.connect answers: JSON (`outputformat=json`) or its default CSV
 * (semicolon-separated, a header line), and errors as HTTP 200 with the `X-Webfleet-Errorcode`
 * and `X-Webfleet-Errormessage` headers plus `{ errorCode, errorMsg }` (JSON) or a
 * `<code>, <text>` line (CSV).
 */

export type OutputFormat = "json" | "csv";

/** A WEBFLEET.connect error (answered with HTTP 200). */
export class WebfleetFault extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export const ERRORS = {
  generalError: 60,
  noData: 63,
  actionNotAllowed: 8,
  invalidCredentials: 1001,
  quotaReached: 8011,
  userBusy: 8015,
  upstreamTimeout: 9199,
} as const;

export function errorAnswer(fault: WebfleetFault, format: OutputFormat): Response {
  const headers = {
    "x-webfleet-errorcode": String(fault.code),
    "x-webfleet-errormessage": fault.message,
    "content-type": format === "json" ? "application/json;charset=UTF-8" : "text/csv;charset=UTF-8",
  };
  const body =
    format === "json"
      ? JSON.stringify({ errorCode: fault.code, errorMsg: fault.message })
      : `${fault.code}, ${fault.message}\n`;
  return new Response(body, { status: 200, headers });
}

export function rowsAnswer(rows: readonly Record<string, unknown>[], format: OutputFormat, separator = ";"): Response {
  if (format === "json") {
    return new Response(JSON.stringify(rows), {
      status: 200,
      headers: { "content-type": "application/json;charset=UTF-8" },
    });
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) => {
    const text = value === undefined || value === null ? "" : String(value);
    return /[";\n,]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [
    columns.join(separator),
    ...rows.map((row) => columns.map((column) => cell(row[column])).join(separator)),
  ];
  return new Response(rows.length ? `${lines.join("\n")}\n` : "", {
    status: 200,
    headers: { "content-type": "text/csv;charset=UTF-8" },
  });
}
