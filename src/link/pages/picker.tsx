import type { ProviderAdapter } from "../../providers/types";

export type PickerProps = {
  providers: readonly ProviderAdapter[];
  /** The search of a browser without script (GET ?q=). */
  query: string;
  chooseAction: string;
  searchAction: string;
  /** The form for a provider that is not in the list. */
  unsupportedProviderHref: string;
};

const STATUS_LABELS: Record<string, string | undefined> = { beta: "Beta", sandbox: "Test", deprecated: "Deprecated" };

/**
 * Step 1: the provider picker, searchable as the user types (and by submitting the search
 * without script), in the order given (hinted providers first), with a way to ask for a
 * provider that is not listed.
 */
export function ProviderPicker(props: PickerProps) {
  const query = props.query.trim().toLowerCase();
  const matching = props.providers.filter((provider) => provider.name.toLowerCase().includes(query));
  return (
    <>
      <p class="muted">Choose the telematics provider your fleet uses.</p>
      <search>
        <form method="get" action={props.searchAction}>
          <label for="provider-search">Search providers</label>
          <input
            id="provider-search"
            type="search"
            name="q"
            value={props.query}
            autocomplete="off"
            aria-controls="provider-list"
            data-autofocus=""
          />
        </form>
      </search>
      <p id="search-status" class="visually-hidden" aria-live="polite" />
      <form method="post" action={props.chooseAction}>
        <ul class="providers" id="provider-list">
          {props.providers.map((provider) => (
            <li data-provider-name={provider.name.toLowerCase()} hidden={!matching.includes(provider)}>
              <button type="submit" name="provider" value={provider.code}>
                <img src={provider.icon} alt="" />
                <span class="name">{provider.name}</span>
                {STATUS_LABELS[provider.status] ? <span class="badge">{STATUS_LABELS[provider.status]}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </form>
      <p id="no-providers" class="muted" hidden={matching.length > 0}>
        No provider matches your search.
      </p>
      <p class="unlisted">
        <a href={props.unsupportedProviderHref}>My provider isn’t listed</a>
      </p>
    </>
  );
}
