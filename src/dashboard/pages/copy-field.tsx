/**
 * A value to copy (a short link, a secret shown once): a labelled read-only field, a "Copy" button
 * the page's copy script (copy-script.ts) reveals and runs, and a live region that says it was
 * copied. The page that shows one passes COPY_SCRIPT to renderDashboard.
 */
export function CopyField(props: { id: string; label: string; value: string; describedBy?: string }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <div class="copy">
        <input id={props.id} type="text" readonly value={props.value} aria-describedby={props.describedBy} />
        <button class="primary" type="button" hidden data-copy={props.id} data-status={`${props.id}-copied`}>
          Copy
        </button>
      </div>
      <p id={`${props.id}-copied`} class="copied" role="status" aria-live="polite"></p>
    </div>
  );
}
