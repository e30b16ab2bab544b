import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import { clampPageSize } from "../kit/page-size";
import { requireWindow } from "../kit/windows";
import type { ProviderPage, ReadRequest } from "../types";
import { AzugaClient, PROVIDER } from "./client";
import { encodeCursor, positionOf } from "./cursor";
import type { AzugaBucket } from "./pace";
import { rowsOf } from "./values";

/** The most rows asked of a list (`limit`) and of a report (`size`, documented ≤ 5000). */
const LIST_MAX = 100;
const REPORT_MAX = 5000;
/** The zone the reports are asked in; the bounds are ISO UTC and the rows' times epoch ms either way. */
export const BROWSER_TIMEZONE = "UTC";

function rows(data: unknown, path: string): unknown[] {
  if (data === null || data === undefined) return [];
  const found = rowsOf(data);
  if (!found) throw new ProviderError("malformed", `${PROVIDER}: ${path} answered data without a list.`);
  return found;
}

/** One page of a `limit`/`offset` list (trackees, users): a full page means there may be more. */
export async function readList(
  request: ReadRequest,
  spec: { model: SyncModel; bucket: AzugaBucket; path: string; query?: Record<string, string> },
): Promise<ProviderPage> {
  const offset = positionOf(request.cursor, spec.model).at;
  const limit = clampPageSize(request.pageSize, LIST_MAX);
  const query = { ...spec.query, limit: String(limit), offset: String(offset) };
  const items = rows(await AzugaClient.of(request).post(spec.bucket, spec.path, { query }), spec.path);
  return {
    items,
    schema: spec.path,
    ...(items.length >= limit ? { nextCursor: encodeCursor(spec.model, offset + items.length) } : {}),
  };
}

/**
 * One page of a report over the read's window (`startDate`/`endDate` ISO, `index`/`size`, oldest
 * first); `keep` drops the rows outside the window (or not finished), whichever bounds Azuga includes.
 */
export async function readReport(
  request: ReadRequest,
  spec: {
    model: SyncModel;
    bucket: AzugaBucket;
    report: string;
    keep: (row: unknown, from: number, to: number) => boolean;
  },
): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, spec.model, request.window);
  const position = positionOf(request.cursor, spec.model);
  const index = position.at;
  const size = position.size ?? clampPageSize(request.pageSize, REPORT_MAX);
  const path = `/${spec.report}`;
  const body = {
    startDate: window.start.toISOString(),
    endDate: window.end.toISOString(),
    browserTimezone: BROWSER_TIMEZONE,
    index,
    size,
    desc: false,
  };
  const found = rows(await AzugaClient.of(request).post(spec.bucket, path, { body, reports: true }), path);
  const from = window.start.getTime();
  const to = window.end.getTime();
  return {
    items: found.filter((row) => spec.keep(row, from, to)),
    schema: `reports/v3/reports${path}`,
    ...(found.length >= size ? { nextCursor: encodeCursor(spec.model, index + 1, size) } : {}),
  };
}
