import type { ProviderAdapter } from "../../providers/types";
import { BackToPicker } from "./back-to-picker";

export type AgreementProps = {
  provider: ProviderAdapter;
  applicationName: string;
  agreementUrl: string;
  acceptAction: string;
  /** Back to the picker; absent when reconnecting (the provider is fixed). */
  backAction?: string;
};

/** Step 2: what will be shared, with whom, and the agreement to accept. */
export function AgreementStep(props: AgreementProps) {
  return (
    <>
      <div class="provider-title">
        <img src={props.provider.icon} alt="" />
        <p>
          <strong>{props.applicationName}</strong> asks to read your fleet's data from{" "}
          <strong>{props.provider.name}</strong>.
        </p>
      </div>
      <p>It will be able to read:</p>
      <ul class="shared">
        <li>vehicles, drivers, groups and devices</li>
        <li>daily distance, driving and idle time, fuel used</li>
        <li>safety events and their camera media</li>
      </ul>
      <p class="muted">
        Your credentials are encrypted and only used to read this data. You can disconnect at any time by asking{" "}
        {props.applicationName}.
      </p>
      <form method="post" action={props.acceptAction}>
        <p>
          By continuing you accept the{" "}
          <a href={props.agreementUrl} target="_blank" rel="noopener noreferrer">
            End User Data Sharing Agreement
          </a>
          .
        </p>
        <button class="primary" type="submit" name="accept" value="yes">
          Accept and continue
        </button>
      </form>
      <BackToPicker action={props.backAction} />
    </>
  );
}
