import type { Child } from "hono/jsx";
import { CSRF_FIELD } from "../csrf";

/** Pieces every dashboard page shares. */

/** A time as the pages show it: to the minute, in UTC, and saying so; nothing for no time. */
export const time = (iso?: string) => (iso ? `${iso.replace("T", " ").slice(0, 16)} UTC` : "");

/** The link to a list's next page, when the API answered a `next` cursor. */
export function NextPageLink(props: { href?: string | undefined }) {
  if (!props.href) return null;
  return (
    <p>
      <a href={props.href}>Next page</a>
    </p>
  );
}

/**
 * A post of one of a page's actions, offered only to those who may take it: the session's CSRF
 * token, the action's own hidden `fields` and visible `children` (inputs), and its button. An
 * action that cannot be undone asks for a confirmation box first (`confirm`: required, so the
 * browser checks it without a script, and the route refuses a post without it). `inline` sets it
 * beside the text it acts on (a list's or table's row).
 */
export function ActionForm(props: {
  action: string;
  csrf: string;
  label: string;
  danger?: boolean;
  confirm?: string;
  fields?: Record<string, string>;
  inline?: boolean;
  children?: Child;
}) {
  const id = `confirm-${props.action.replace(/[^a-z0-9]+/gi, "-")}`;
  const classes = [props.inline ? "inline-form" : "", props.confirm ? "confirm" : ""].filter(Boolean).join(" ");
  return (
    <form method="post" action={props.action} class={classes || undefined}>
      <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      {props.children}
      {props.confirm ? (
        <span>
          <input type="checkbox" id={id} name="confirm" value="yes" required />
          <label for={id}>{props.confirm}</label>
        </span>
      ) : null}
      <button class={props.danger ? "danger" : "primary"} type="submit">
        {props.label}
      </button>
    </form>
  );
}
