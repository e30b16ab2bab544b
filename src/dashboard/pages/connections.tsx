import { CONNECTION_STATUSES } from "../../db/schema";
import { NextPageLink } from "./common";

export type ConnectionListItem = {
  id: string;
  provider: { code: string; name: string };
  status: string;
  externalId?: string;
  tags?: string[] | null;
  company?: { name?: string };
  lastSync?: { status: string; progress: number; completedAt?: string; failureReason?: string } | null;
};

export type ConnectionFilters = { externalId?: string; tag?: string; status?: string; provider?: string };

/** The search form: a GET form (works without JavaScript), its values kept in the address. */
export function ConnectionSearch(props: { filters: ConnectionFilters; hidden: Record<string, string> }) {
  const { filters } = props;
  return (
    <form method="get" action="/dashboard/connections" class="search">
      {Object.entries(props.hidden).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <div class="field">
        <label for="externalId">External id</label>
        <input id="externalId" name="externalId" type="search" value={filters.externalId ?? ""} />
      </div>
      <div class="field">
        <label for="tag">Tag</label>
        <input id="tag" name="tag" type="search" value={filters.tag ?? ""} />
      </div>
      <div class="field">
        <label for="provider">Provider code</label>
        <input id="provider" name="provider" type="search" value={filters.provider ?? ""} />
      </div>
      <div class="field">
        <label for="status">Status</label>
        <select id="status" name="status">
          <option value="">Any</option>
          {CONNECTION_STATUSES.map((status) => (
            <option value={status} selected={filters.status === status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <button class="primary" type="submit">
        Search
      </button>
    </form>
  );
}

/** The last sync at a glance: status, progress while it runs, when it ended, why it failed. */
function LastSync(props: { sync: ConnectionListItem["lastSync"] }) {
  const { sync } = props;
  if (!sync) return <span class="muted">none yet</span>;
  const when = sync.completedAt ? ` ${sync.completedAt.replace("T", " ").slice(0, 16)} UTC` : "";
  const running = sync.status === "running" || sync.status === "requested" ? ` (${sync.progress}%)` : "";
  return (
    <span>
      {`${sync.status}${running}${when}`}
      {sync.failureReason ? <span class="muted">{` — ${sync.failureReason}`}</span> : null}
    </span>
  );
}

/** A page of connections, with the link to the next page when there is one. */
export function ConnectionTable(props: { connections: ConnectionListItem[]; query: string; nextHref?: string }) {
  if (props.connections.length === 0) return <p>No connection matches.</p>;
  return (
    <>
      <section class="table-wrap" aria-label="Connections" tabindex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Connection</th>
              <th scope="col">Provider</th>
              <th scope="col">Status</th>
              <th scope="col">External id</th>
              <th scope="col">Tags</th>
              <th scope="col">Last sync</th>
            </tr>
          </thead>
          <tbody>
            {props.connections.map((connection) => (
              <tr>
                <th scope="row">
                  <a href={`/dashboard/connections/${connection.id}?${props.query}`}>
                    {connection.company?.name ?? connection.id}
                  </a>
                  <br />
                  <span class="muted">{connection.id}</span>
                </th>
                <td>{connection.provider.name}</td>
                <td>{connection.status}</td>
                <td>{connection.externalId ?? ""}</td>
                <td>{(connection.tags ?? []).join(", ")}</td>
                <td>
                  <LastSync sync={connection.lastSync} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <NextPageLink href={props.nextHref} />
    </>
  );
}
