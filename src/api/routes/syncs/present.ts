import type { IssueRow, SyncJobRow } from "../../../db/schema";
import { presentSyncJob } from "../../../presenters/connection";
import { presentIssue } from "../../../presenters/issue";

/** A sync job with its issues as ids, or as issue objects when expanded. */
export function presentSyncJobWithIssues(job: SyncJobRow, jobIssues: IssueRow[], expand: boolean) {
  const view = presentSyncJob(
    job,
    jobIssues.map((issue) => issue.id),
  );
  return expand ? { ...view, issues: jobIssues.map((issue) => presentIssue(issue)) } : view;
}
