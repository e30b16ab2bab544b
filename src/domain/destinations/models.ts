import { FAMILIES } from "../../families";
import { SYNC_MODELS, type SyncModel } from "../../model/normalized";
import { type WireModel, wireNameOf } from "../../providers/wire-models";

/**
 * The models a destination can receive: the synced families whose changed records a delivery can
 * read (Family.delivery), by the name `supportedModels` gives them (`Vehicle`, `Trip`, …). Camera
 * media and available time are read live, never stored, so there is nothing of theirs to deliver.
 */
export const DELIVERABLE_MODELS: readonly WireModel[] = SYNC_MODELS.filter((model) => FAMILIES[model].delivery).map(
  (model) => wireNameOf(model),
);

const SYNC_MODEL_OF = new Map<string, SyncModel>(SYNC_MODELS.map((model) => [wireNameOf(model), model]));

/** The synced family a deliverable model name stands for. */
export function syncModelOf(wire: string): SyncModel {
  const model = SYNC_MODEL_OF.get(wire);
  if (!model) throw new Error(`${wire} is not a deliverable model`);
  return model;
}
