import { OPT_IN_EVENT_TYPES } from "../../webhooks/emit";
import { CSRF_FIELD } from "../csrf";
import { NextPageLink, time } from "./common";
import { CopyField } from "./copy-field";

/** An endpoint as GET /webhooks/endpoints and GET /webhooks/endpoints/{id} answer it (never its secret). */
export type EndpointView = {
  id: string;
  url: string;
  description?: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason?: string;
  failingSince?: string;
  createdAt: string;
  updatedAt: string;
};

/** The values a create form posted, kept when the API refuses them so nothing is typed twice. */
export type EndpointFormValues = { url?: string; description?: string; eventTypes?: string[] };

/** The webhooks page's own style rules, appended to the dashboard's stylesheet. */
export const WEBHOOKS_CSS = `
.event-types{border:1px solid #e5e7eb;border-radius:8px;background:#fff;padding:8px 12px;margin:0 0 16px}
.event-types legend{font-weight:600;padding:0 4px}
.event-types ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:4px 16px}
.event-types label{display:inline;font-weight:400}
.event-types input{width:auto;margin:0 6px 0 0}
.secret,.endpoint-details dd{overflow-wrap:anywhere}
.notice{background:#ecfdf5;border:1px solid #a7f3d0;border-radius:8px;padding:8px 12px}
.disabled{color:#991b1b}
td.wrap{white-space:normal;min-width:12rem}
`;

/** An ISO time as the dashboard shows times: to the minute, in UTC. */

/** The events an endpoint receives: the types it names, or every type but the opt-in ones when it names none. */
export function eventsLabel(eventTypes: string[]): string {
  if (eventTypes.length > 0) return eventTypes.join(", ");
  return `All events (except ${OPT_IN_EVENT_TYPES.join(", ")})`;
}

/** Enabled, or disabled with the reason the API gives (by the application, or after the receiver's refusals). */
export function endpointStatus(endpoint: EndpointView): string {
  if (endpoint.enabled)
    return endpoint.failingSince ? `Enabled, failing since ${time(endpoint.failingSince)}` : "Enabled";
  return endpoint.disabledReason ? `Disabled: ${endpoint.disabledReason}` : "Disabled";
}

/** A page of the application's endpoints, each linking to its page, with the next page's link when there is one. */
export function EndpointTable(props: { endpoints: EndpointView[]; query: string; nextHref?: string }) {
  if (props.endpoints.length === 0) return <p>No webhook endpoint in this environment yet.</p>;
  return (
    <>
      <section class="table-wrap" aria-label="Webhook endpoints" tabindex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Endpoint</th>
              <th scope="col">Events</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {props.endpoints.map((endpoint) => (
              <tr>
                <th scope="row">
                  <a href={`/dashboard/webhooks/${endpoint.id}?${props.query}`}>{endpoint.url}</a>
                  <br />
                  <span class="muted">{endpoint.description ?? endpoint.id}</span>
                </th>
                <td class="wrap">{eventsLabel(endpoint.eventTypes)}</td>
                <td class={endpoint.enabled ? undefined : "disabled"}>{endpointStatus(endpoint)}</td>
                <td>{time(endpoint.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <NextPageLink href={props.nextHref} />
    </>
  );
}

/** The create form (admins only): URL, description and the event types, none checked meaning all. */
export function CreateEndpointForm(props: {
  action: string;
  csrf: string;
  eventTypes: readonly string[];
  values?: EndpointFormValues;
  error?: string;
}) {
  const values = props.values ?? {};
  const checked = new Set(values.eventTypes ?? []);
  return (
    <form method="post" action={props.action}>
      <h2>Add an endpoint</h2>
      {props.error ? (
        <p class="error" role="alert">
          {props.error}
        </p>
      ) : null}
      <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
      <div class="field">
        <label for="webhook-url">URL (https)</label>
        <input id="webhook-url" name="url" type="url" required value={values.url ?? ""} />
      </div>
      <div class="field">
        <label for="webhook-description">Description (optional)</label>
        <input id="webhook-description" name="description" maxlength={500} value={values.description ?? ""} />
      </div>
      <fieldset class="event-types">
        <legend>Events it receives</legend>
        <p class="muted">{`None checked: ${eventsLabel([]).toLowerCase()}.`}</p>
        <ul>
          {props.eventTypes.map((type) => (
            <li>
              <input id={`event-${type}`} type="checkbox" name="eventTypes" value={type} checked={checked.has(type)} />
              <label for={`event-${type}`}>{type}</label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button class="primary" type="submit">
        Add the endpoint
      </button>
    </form>
  );
}

/**
 * An endpoint's signing secret, in the one answer that carries it (creation or rotation): the API
 * never shows it again, so the page says so and offers to copy it.
 */
export function SecretOnce(props: { endpoint: EndpointView; secret: string; endpointHref: string }) {
  return (
    <>
      <section class="secret" aria-labelledby="secret-heading">
        <h2 id="secret-heading">Signing secret</h2>
        <p>
          <strong>Copy it now: it will not be shown again.</strong> Your receiver verifies each delivery's signature
          with it (Standard Webhooks). If it is lost, rotate it from the endpoint's page.
        </p>
        <CopyField id="webhook-secret" label={`Signing secret of ${props.endpoint.url}`} value={props.secret} />
      </section>
      <dl class="details endpoint-details">
        <dt>URL</dt>
        <dd>{props.endpoint.url}</dd>
        <dt>Events</dt>
        <dd>{eventsLabel(props.endpoint.eventTypes)}</dd>
        <dt>Status</dt>
        <dd>{endpointStatus(props.endpoint)}</dd>
      </dl>
      <p>
        <a href={props.endpointHref}>Go to the endpoint's page</a>
      </p>
    </>
  );
}
