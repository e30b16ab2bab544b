import { NextPageLink } from "../../pages/common";
import { CopyField } from "../../pages/copy-field";

/** Secrets the operator API answered once (new keys, a member's token): shown now, never again. */
export function SecretsShownOnce(props: { title: string; secrets: { label: string; value: string }[] }) {
  return (
    <section class="secret" aria-labelledby="secrets-heading">
      <h2 id="secrets-heading">{props.title}</h2>
      <p>Copy them now: they are shown only this once, and only their hashes are kept.</p>
      {props.secrets.map((secret, index) => (
        <CopyField id={`secret-${index}`} label={secret.label} value={secret.value} />
      ))}
    </section>
  );
}

/** The link to an operator list's next page, when the API answered a `next` cursor. */
export function NextPage(props: { path: string; next?: string }) {
  return <NextPageLink href={props.next ? `${props.path}?cursor=${encodeURIComponent(props.next)}` : undefined} />;
}
