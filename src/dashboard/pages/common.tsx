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
