import type { SyncStatus } from "../../db/schema";
import { time } from "./common";

/** A sync job as GET /syncs answers it, the fields the page shows. */
export type SyncView = {
  id: string;
  status: string;
  progress: number;
  requestedAt?: string;
  completedAt?: string;
  failureReason?: string;
};

/** Statuses of a sync still moving (SYNC_STATUSES): the page follows it until it ends. */
const ACTIVE = new Set<string>(["requested", "in_progress"] satisfies SyncStatus[]);

export const hasActiveSync = (syncs: SyncView[]) => syncs.some((sync) => ACTIVE.has(sync.status));

/**
 * A connection's syncs, the latest first. While one is still moving, the section says so in a
 * polite live region and is marked `data-live`, which the page's script (live-syncs-script.ts)
 * follows by reading the page again; without a script the reload link does the same.
 */
export function SyncsSection(props: { syncs: SyncView[] }) {
  const active = props.syncs.find((sync) => ACTIVE.has(sync.status));
  return (
    <div id="syncs" data-live={active ? "true" : "false"}>
      <h2>Syncs</h2>
      <p role="status" class="muted">
        {active ? `Sync ${active.id} is ${active.status} (${active.progress}%); this page follows it.` : ""}
      </p>
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
                  <td>
                    <progress max={100} value={sync.progress} aria-label={`Sync ${sync.id} progress`}>
                      {`${sync.progress}%`}
                    </progress>{" "}
                    {`${sync.progress}%`}
                  </td>
                  <td>{time(sync.requestedAt)}</td>
                  <td>{time(sync.completedAt)}</td>
                  <td>{sync.failureReason ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
