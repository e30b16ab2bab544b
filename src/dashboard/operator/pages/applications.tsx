import { API_KEY_KINDS, ENVIRONMENTS } from "../../../db/schema";
import { ActionForm, time } from "../../pages/common";
import { NextPage } from "./common";

export type ApiKeyView = {
  id: string;
  environment: string;
  kind: string;
  hint: string;
  createdAt: string;
  revokedAt?: string;
};
export type ApplicationView = {
  id: string;
  name: string;
  createdAt: string;
  timeSeries: { enabled: boolean; hotDays: number; retentionDays: number | null };
  keys: ApiKeyView[];
};

const BASE = "/dashboard/operator/applications";

/** Every application (a page of them), with a form that creates one. */
export function ApplicationsList(props: { applications: ApplicationView[]; next?: string; csrf: string }) {
  return (
    <>
      <section class="table-wrap" aria-label="Applications" tabindex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Application</th>
              <th scope="col">Id</th>
              <th scope="col">Created</th>
              <th scope="col">Active keys</th>
            </tr>
          </thead>
          <tbody>
            {props.applications.map((application) => (
              <tr>
                <th scope="row">
                  <a href={`${BASE}/${application.id}`}>{application.name}</a>
                </th>
                <td>{application.id}</td>
                <td>{time(application.createdAt)}</td>
                <td>{application.keys.filter((key) => !key.revokedAt).length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <NextPage path={BASE} next={props.next} />
      <h2>New application</h2>
      <ActionForm inline action={BASE} csrf={props.csrf} label="Create the application">
        <div class="field">
          <label for="application-name">Name</label>
          <input id="application-name" name="name" required maxlength={200} />
        </div>
      </ActionForm>
    </>
  );
}

/** One application: its settings, its keys (hints only) with revoke, and a form that creates a key. */
export function ApplicationDetails(props: { application: ApplicationView; csrf: string }) {
  const { application, csrf } = props;
  const base = `${BASE}/${application.id}`;
  return (
    <>
      <dl class="details">
        <dt>Id</dt>
        <dd>{application.id}</dd>
        <dt>Created</dt>
        <dd>{time(application.createdAt)}</dd>
        <dt>Time series</dt>
        <dd>
          {application.timeSeries.enabled ? "synced" : "off"}; {application.timeSeries.hotDays} days hot; kept{" "}
          {application.timeSeries.retentionDays === null ? "forever" : `${application.timeSeries.retentionDays} days`}
        </dd>
      </dl>
      <h2>Keys</h2>
      <section class="table-wrap" aria-label="Keys" tabindex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Environment</th>
              <th scope="col">Kind</th>
              <th scope="col">Created</th>
              <th scope="col">Revoked</th>
            </tr>
          </thead>
          <tbody>
            {application.keys.map((key) => (
              <tr>
                <th scope="row">{key.hint}</th>
                <td>{key.environment}</td>
                <td>{key.kind}</td>
                <td>{time(key.createdAt)}</td>
                <td>
                  {key.revokedAt ? (
                    time(key.revokedAt)
                  ) : (
                    <ActionForm
                      inline
                      action={`${base}/keys/${key.id}/revoke`}
                      csrf={csrf}
                      label={`Revoke ${key.hint}`}
                      danger
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h2>New key</h2>
      <ActionForm inline action={`${base}/keys`} csrf={csrf} label="Create the key">
        <div class="field">
          <label for="key-environment">Environment</label>
          <select id="key-environment" name="environment">
            {ENVIRONMENTS.map((environment) => (
              <option value={environment}>{environment}</option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="key-kind">Kind</label>
          <select id="key-kind" name="kind">
            {API_KEY_KINDS.map((kind) => (
              <option value={kind}>{kind}</option>
            ))}
          </select>
        </div>
      </ActionForm>
    </>
  );
}
