import { CSRF_FIELD } from "../csrf";

export type ConnectionDetails = {
  id: string;
  provider: { code: string; name: string };
  status: string;
  syncMode?: string;
  externalId?: string;
  tags?: string[] | null;
  company?: { name?: string; dotNumbers?: string[] };
  account?: { name?: string };
  deletionDueAt?: string;
};
export type SyncView = {
  id: string;
  status: string;
  progress: number;
  requestedAt?: string;
  completedAt?: string;
  failureReason?: string;
};
export type IssueView = {
  id: string;
  status: string;
  error: { code: string; message: string };
  lastReportedAt: string;
};

/** A post of one of the page's actions, with the session's CSRF token; only for those who may write. */
function ActionForm(props: { action: string; csrf: string; label: string }) {
  return (
    <form method="post" action={props.action}>
      <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
      <button class="primary" type="submit">
        {props.label}
      </button>
    </form>
  );
}

const time = (iso?: string) => (iso ? `${iso.replace("T", " ").slice(0, 16)} UTC` : "");

/** One connection: its account, its syncs (the latest first) and issues, and the actions the viewer may take. */
export function ConnectionView(props: {
  connection: ConnectionDetails;
  syncs: SyncView[];
  issues: IssueView[];
  base: string;
  query: string;
  csrf: string;
  mayWrite: boolean;
}) {
  const { connection, base, query, csrf, mayWrite } = props;
  return (
    <>
      <dl class="details">
        <dt>Provider</dt>
        <dd>{connection.provider.name}</dd>
        <dt>Status</dt>
        <dd>{connection.status}</dd>
        <dt>Account</dt>
        <dd>{connection.account?.name ?? ""}</dd>
        <dt>Company</dt>
        <dd>{connection.company?.name ?? ""}</dd>
        <dt>Sync mode</dt>
        <dd>{connection.syncMode ?? ""}</dd>
        <dt>External id</dt>
        <dd>{connection.externalId ?? ""}</dd>
        <dt>Tags</dt>
        <dd>{(connection.tags ?? []).join(", ")}</dd>
      </dl>
      {mayWrite ? (
        <div class="actions">
          <ActionForm action={`${base}/sync?${query}`} csrf={csrf} label="Request a sync" />
          {connection.status === "pending_deletion" ? (
            <ActionForm action={`${base}/cancel-deletion?${query}`} csrf={csrf} label="Cancel the deletion" />
          ) : null}
        </div>
      ) : null}
      <h2>Syncs</h2>
      {props.syncs.length === 0 ? (
        <p>No sync yet.</p>
      ) : (
        <section class="table-wrap" aria-label="Syncs" tabindex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Sync</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Requested</th>
                <th scope="col">Completed</th>
                <th scope="col">Failure</th>
              </tr>
            </thead>
            <tbody>
              {props.syncs.map((sync) => (
                <tr>
                  <th scope="row">{sync.id}</th>
                  <td>{sync.status}</td>
                  <td>{`${sync.progress}%`}</td>
                  <td>{time(sync.requestedAt)}</td>
                  <td>{time(sync.completedAt)}</td>
                  <td>{sync.failureReason ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <h2>Issues</h2>
      {props.issues.length === 0 ? (
        <p>No issue.</p>
      ) : (
        <ul class="issues">
          {props.issues.map((issue) => (
            <li>
              <strong>{issue.error.code}</strong> ({issue.status}, last {time(issue.lastReportedAt)}):{" "}
              {issue.error.message}
              {mayWrite && issue.status === "ongoing" ? (
                <ActionForm action={`${base}/issues/${issue.id}/resolve?${query}`} csrf={csrf} label="Resolve" />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
