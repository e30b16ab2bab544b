import { WIRE_MODELS } from "../../providers/wire-models";

export type ProviderView = {
  code: string;
  name: string;
  status: string;
  supportedModels: Record<string, { supportedOperations: { read: string } }>;
};

const SUPPORT_LABEL: Record<string, string> = {
  supported: "Yes",
  not_supported_by_terminal: "Not yet",
  not_supported_by_provider: "No",
};

/** Every provider of the environment against every model: what `supportedModels` says, as a matrix. */
export function ProvidersMatrix(props: { providers: ProviderView[] }) {
  return (
    <section class="table-wrap" aria-label="Providers and the models they serve" tabindex={0}>
      <table>
        <caption class="muted">
          “Yes”: served; “Not yet”: the provider has it, this service does not read it; “No”: the provider has no such
          data.
        </caption>
        <thead>
          <tr>
            <th scope="col">Provider</th>
            {WIRE_MODELS.map((model) => (
              <th scope="col">{model}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.providers.map((provider) => (
            <tr>
              <th scope="row">
                {provider.name} <span class="muted">({provider.code})</span>
              </th>
              {WIRE_MODELS.map((model) => {
                const read = provider.supportedModels[model]?.supportedOperations.read ?? "not_supported_by_provider";
                return (
                  <td class={read === "supported" ? "supported" : "unsupported"}>{SUPPORT_LABEL[read] ?? read}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
