import { END_USER_AGREEMENT } from "../../domain/link/agreement";

/**
 * The text behind the agreement URL recorded with each connection. It never changes under the
 * same URL: a new text needs a new END_USER_AGREEMENT.version.
 */
export function AgreementDocument() {
  return (
    <>
      <p class="muted">Version {END_USER_AGREEMENT.version}</p>
      <p>
        By accepting, you (the end user) allow the application named in the connection flow to read data about your
        fleet from the telematics provider you sign in to, through this service.
      </p>
      <p>
        <strong>What is read.</strong> Vehicles, drivers, groups, devices, daily vehicle utilization (distance, driving
        and idle time, fuel), safety events and their camera media, and the account details needed to identify the
        connection.
      </p>
      <p>
        <strong>How credentials are kept.</strong> The credentials you enter are encrypted at rest and used only to read
        that data from the provider. They are never shown again, to you or to the application.
      </p>
      <p>
        <strong>Your record.</strong> The time you accepted, your IP address, your browser's user agent and, when known,
        your approximate location are recorded with the connection as proof of consent.
      </p>
      <p>
        <strong>Ending it.</strong> The application can disconnect or delete the connection at any time; deletion
        removes the synced data after a grace period. You can also revoke the credentials at your provider.
      </p>
    </>
  );
}
