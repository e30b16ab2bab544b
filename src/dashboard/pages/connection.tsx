import { ActionForm, time } from "./common";
import { SyncsSection, type SyncView } from "./connection-syncs";
import { CopyField } from "./copy-field";

export type { SyncView };

export type ConnectionDetails = {
  id: string;
  provider: { code: string; name: string };
  status: string;
  syncMode?: string;
  externalId?: string;
  tags?: string[] | null;
  sourceId?: string;
  tokenRotatedAt?: string;
  filters?: { vehicles?: RecordFilter; drivers?: RecordFilter };
  company?: { name?: string; dotNumbers?: string[] };
  account?: { name?: string };
};
type RecordFilter = { status?: string; includeIds?: string[]; excludeIds?: string[] };
export type IssueView = {
  id: string;
  status: string;
  error: { code: string; message: string };
  lastReportedAt: string;
};

/** A vehicle or driver filter in words: "active only; 2 included; 1 excluded", or "all". */
function describeFilter(filter?: RecordFilter): string {
  if (!filter) return "all";
  const parts = [
    filter.status ? `${filter.status} only` : "",
    filter.includeIds?.length ? `only ${filter.includeIds.join(", ")}` : "",
    filter.excludeIds?.length ? `except ${filter.excludeIds.join(", ")}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join("; ") : "all";
}

/** The connection's new token, answered once by the rotation: never stored in a readable form, never shown again. */
export function NewTokenNotice(props: { token: string }) {
  return (
    <section class="secret" aria-labelledby="new-token-heading">
      <h2 id="new-token-heading">New connection token</h2>
      <p>
        Copy it now: it is shown only this once. The previous token stopped working; update the application that uses
        it.
      </p>
      <CopyField id="new-token" label="Connection token" value={props.token} />
    </section>
  );
}

/** One connection: its account, its syncs (the latest first) and issues, and the actions the viewer may take. */
export function ConnectionView(props: {
  connection: ConnectionDetails;
  /** When a pending deletion happens (the connection's row: the API's answer does not carry it). */
  deletionDueAt?: Date;
  syncs: SyncView[];
  issues: IssueView[];
  base: string;
  query: string;
  csrf: string;
  mayWrite: boolean;
}) {
  const { connection, base, query, csrf, mayWrite } = props;
  const pending = connection.status === "pending_deletion";
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
        <dt>Vehicles synced</dt>
        <dd>{describeFilter(connection.filters?.vehicles)}</dd>
        <dt>Drivers synced</dt>
        <dd>{describeFilter(connection.filters?.drivers)}</dd>
        <dt>Token rotated</dt>
        <dd>{connection.tokenRotatedAt ? time(connection.tokenRotatedAt) : "never"}</dd>
        {pending ? (
          <>
            <dt>Deletion due</dt>
            <dd>{time(props.deletionDueAt?.toISOString())}</dd>
          </>
        ) : null}
      </dl>
      {mayWrite ? (
        <div class="actions">
          {pending ? (
            <ActionForm action={`${base}/cancel-deletion?${query}`} csrf={csrf} label="Cancel the deletion" />
          ) : (
            <>
              <ActionForm action={`${base}/sync?${query}`} csrf={csrf} label="Request a sync" />
              <ActionForm
                action={`${base}/rotate-token?${query}`}
                csrf={csrf}
                label="Rotate the token"
                confirm="The current token stops working at once"
              />
              <ActionForm
                action={`${base}/delete?${query}`}
                csrf={csrf}
                label="Delete the connection"
                confirm="Its data is deleted after the grace period"
                danger
              />
            </>
          )}
        </div>
      ) : null}
      <SyncsSection syncs={props.syncs} />
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
