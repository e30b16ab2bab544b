import type { IssueRow, SyncJobRow } from "../../../db/schema";
import { presentIssue } from "../../../domain/records/present-issue";
import { presentSyncJob } from "../../../presenters/connection";

/** A sync job with its issues as ids, or as issue objects when expanded. */
export function presentSyncJobWithIssues(job: SyncJobRow, jobIssues: IssueRow[], expand: boolean) {
  const view = presentSyncJob(
    job,
    jobIssues.map((issue) => issue.id),
  );
  return expand ? { ...view, issues: jobIssues.map((issue) => presentIssue(issue)) } : view;
}
