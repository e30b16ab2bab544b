import type { IssueRow } from "../db/schema";
import type { IssueCode } from "../model/normalized";
import type { ConnectionView, DeletedConnectionView } from "./connection";

export type IssueView = {
  id: string;
  status: IssueRow["status"];
  connection: string | ConnectionView | DeletedConnectionView;
  error: { code: IssueCode; message: string };
  firstReportedAt: string;
  lastReportedAt: string;
};

/** An issue (wire-compat.md "Other resource shapes"); `connections` (presented) expand the connection reference. */
export function presentIssue(
  row: IssueRow,
  connections?: ReadonlyMap<string, ConnectionView | DeletedConnectionView>,
): IssueView {
  return {
    id: row.id,
    status: row.status,
    connection: connections?.get(row.connectionId) ?? row.connectionId,
    error: { code: row.errorCode, message: row.message },
    firstReportedAt: row.firstReportedAt.toISOString(),
    lastReportedAt: row.lastReportedAt.toISOString(),
  };
}
