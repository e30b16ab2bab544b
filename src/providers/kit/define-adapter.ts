import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import {
  MODEL_NAMES,
  type ModelName,
  type ModelSupport,
  type PaceSettings,
  type PaceTable,
  type ProviderAdapter,
  type ProviderModel,
} from "../types";

/**
 * The pace bucket of reads that need no pacing (the sandbox answers from memory). No adapter
 * declares it in `requestPace`, so the pacer lets its requests through; models a provider does
 * not serve get it too, since they make no requests.
 */
export const NOT_PACED = "none";

/** What a provider's adapter.ts writes: everything `defineAdapter` does not derive from its models. */
export type AdapterDefinition = Omit<
  ProviderAdapter,
  | "icon"
  | "supportedModels"
  | "requestPace"
  | "paceFor"
  | "paceBucket"
  | "readPage"
  | "normalize"
  | "readCameraMedia"
  | "passthrough"
> & {
  /**
   * The provider's pace by bucket, declared once: its documented limits, or, where a deployment's
   * contract with the provider can raise them, the function of the deployment's settings that
   * answers them (the documented limits for settings that say nothing).
   */
  requestPace: PaceTable | ((settings: PaceSettings) => PaceTable);
  /** The square icon; the logo when absent. */
  icon?: string;
  /** Why the provider has no such model, for the models its table lacks: the `not_supported` message. */
  unsupported?: { readonly [M in ModelName]?: string };
  /** Models the provider has that this service does not read from it yet (`not_supported_by_terminal`). */
  notServedYet?: readonly ModelName[];
};

/**
 * An adapter whose model support, pace buckets, reads and mappings all come from its `models`
 * table, so that adding a model to a provider is adding one entry (and a model absent from the
 * table is `not_supported_by_provider` everywhere at once).
 */
export function defineAdapter(definition: AdapterDefinition): ProviderAdapter {
  const { models, name, unsupported = {}, notServedYet = [], requestPace, ...described } = definition;
  const paceFor = typeof requestPace === "function" ? requestPace : () => requestPace;
  const documentedPace = paceFor({});
  checkPaceBuckets(definition.code, models, documentedPace);
  const notSupported = (model: ModelName, reason: string) =>
    new ProviderError("not_supported", `${name}: ${unsupported[model] ?? reason}`);
  const entryOf = <M extends ModelName>(model: M) => (Object.hasOwn(models, model) ? models[model] : undefined);
  const syncModel = <M extends SyncModel>(model: M) => entryOf(model) as ProviderModel<M> | undefined;
  return {
    ...described,
    name,
    icon: definition.icon ?? definition.logo,
    models,
    requestPace: documentedPace,
    paceFor,
    supportedModels: byModel((model): ModelSupport => {
      // Clocks are computed from the duty-status logs where the provider does not serve its own.
      if (entryOf(model) || (model === "hosAvailableTime" && entryOf("hosLogs"))) return "supported";
      return notServedYet.includes(model) ? "not_supported_by_terminal" : "not_supported_by_provider";
    }),
    paceBucket: byModel((model) => entryOf(model)?.pace ?? NOT_PACED),
    async readPage(model, request) {
      const entry = syncModel(model);
      if (!entry) throw notSupported(model, `no listing of ${String(model)}.`);
      return entry.read(request);
    },
    normalize(model, payload) {
      const entry = syncModel(model);
      if (!entry) throw notSupported(model, `no ${String(model)} payloads.`);
      return entry.normalize(payload);
    },
    async readCameraMedia(request, eventSourceId) {
      const cameraMedia = entryOf("cameraMedia");
      if (!cameraMedia) throw notSupported("cameraMedia", "no camera media.");
      return cameraMedia.read(request, eventSourceId);
    },
    async passthrough(request, passthrough) {
      if (!models.passthrough) throw new ProviderError("not_supported", `${name}: no passthrough.`);
      return models.passthrough.send(request, passthrough);
    },
  };
}

function byModel<T>(valueFor: (model: ModelName) => T): Readonly<Record<ModelName, T>> {
  return Object.fromEntries(MODEL_NAMES.map((model) => [model, valueFor(model)])) as Record<ModelName, T>;
}

/** A bucket the adapter does not declare would go unpaced without a word: refused when the adapter loads. */
function checkPaceBuckets(code: string, models: AdapterDefinition["models"], pace: PaceTable): void {
  for (const [model, entry] of Object.entries(models)) {
    const bucket = (entry as { pace: string }).pace;
    if (bucket !== NOT_PACED && !Object.hasOwn(pace, bucket)) {
      throw new Error(`${code}: ${model} is paced in "${bucket}", which requestPace does not declare.`);
    }
  }
}
