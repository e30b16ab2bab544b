import { ActionForm, NextPageLink, time } from "./pages/common";
import { type EndpointView, endpointStatus, eventsLabel } from "./pages/webhooks";

/** One delivery attempt as GET /webhooks/endpoints/{id}/deliveries answers it, with its event's type when known. */
export type DeliveryView = {
  id: string;
  eventId: string;
  attempt: number;
  status: "succeeded" | "failed";
  responseStatus?: number;
  error?: string;
  durationMs?: number;
  createdAt: string;
  eventType?: string;
};

type EndpointPageProps = {
  endpoint: EndpointView;
  deliveries: DeliveryView[];
  /** The endpoint's page path; its actions post under it. */
  base: string;
  query: string;
  csrf: string;
  mayWrite: boolean;
  nextHref?: string;
  /** Deliveries a replay just queued (after its redirect), to confirm it. */
  replayed?: number;
};

/** An endpoint: its settings, its delivery attempts (oldest first, as the API pages them) and the admin's actions. */
export function EndpointPage(props: EndpointPageProps) {
  const { endpoint, base, query, csrf, mayWrite } = props;
  return (
    <>
      {props.replayed !== undefined ? (
        <p class="notice" role="status">
          {`The event was queued again: ${props.replayed} ${props.replayed === 1 ? "delivery" : "deliveries"}.`}
        </p>
      ) : null}
      <dl class="details endpoint-details">
        <dt>URL</dt>
        <dd>{endpoint.url}</dd>
        <dt>Description</dt>
        <dd>{endpoint.description ?? ""}</dd>
        <dt>Events</dt>
        <dd>{eventsLabel(endpoint.eventTypes)}</dd>
        <dt>Status</dt>
        <dd class={endpoint.enabled ? undefined : "disabled"}>{endpointStatus(endpoint)}</dd>
        <dt>Created</dt>
        <dd>{time(endpoint.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{time(endpoint.updatedAt)}</dd>
        <dt>Id</dt>
        <dd>{endpoint.id}</dd>
      </dl>
      {mayWrite ? (
        <div class="actions">
          <ActionForm
            action={`${base}/enabled?${query}`}
            csrf={csrf}
            label={endpoint.enabled ? "Disable the endpoint" : "Enable the endpoint"}
            fields={{ enabled: endpoint.enabled ? "false" : "true" }}
          />
          <ActionForm action={`${base}/rotate-secret?${query}`} csrf={csrf} label="Rotate the signing secret" />
          <ActionForm action={`${base}/delete?${query}`} csrf={csrf} label="Delete the endpoint" />
        </div>
      ) : null}
      <h2>Deliveries</h2>
      <Deliveries {...props} />
    </>
  );
}

/** The page of delivery attempts: one row per attempt, each with a replay of its event for admins. */
function Deliveries(props: EndpointPageProps) {
  const { deliveries, base, query, csrf, mayWrite } = props;
  if (deliveries.length === 0) return <p>No delivery to this endpoint yet.</p>;
  return (
    <>
      <p class="muted">
        Every attempt, oldest first.
        {mayWrite
          ? " A replay delivers the event again, with its original id, to every enabled endpoint subscribed to it."
          : ""}
      </p>
      <section class="table-wrap" aria-label="Deliveries" tabindex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Attempted</th>
              <th scope="col">Event type</th>
              <th scope="col">Event</th>
              <th scope="col">Attempt</th>
              <th scope="col">Status</th>
              <th scope="col">Response code</th>
              <th scope="col">Duration</th>
              <th scope="col">Error</th>
              {mayWrite ? <th scope="col">Replay</th> : null}
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr>
                <th scope="row">{time(delivery.createdAt)}</th>
                <td>{delivery.eventType ?? "unknown"}</td>
                <td>{delivery.eventId}</td>
                <td>{String(delivery.attempt)}</td>
                <td class={delivery.status === "failed" ? "disabled" : undefined}>{delivery.status}</td>
                <td>{delivery.responseStatus === undefined ? "none" : String(delivery.responseStatus)}</td>
                <td>{delivery.durationMs === undefined ? "" : `${delivery.durationMs} ms`}</td>
                <td class="wrap">{delivery.error ?? ""}</td>
                {mayWrite ? (
                  <td>
                    <ActionForm
                      action={`${base}/replay?${query}`}
                      csrf={csrf}
                      label="Replay"
                      fields={{ eventId: delivery.eventId }}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <NextPageLink href={props.nextHref} />
    </>
  );
}
