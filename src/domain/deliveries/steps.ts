import type { DeliveryRow } from "../../db/schema";
import { DELIVERABLE_MODELS } from "../destinations/models";

/** One step of a delivery: one connection's changed records of one model. */
export type DeliveryStep = { connectionId: string; model: string };

/**
 * A delivery's steps, in a fixed order (connections as listed, sorted; models in the order of
 * `supportedModels`), so that a step number always means the same thing; the step after the last
 * is the end (the manifest, the watermarks, the completion).
 */
export function stepsOf(delivery: Pick<DeliveryRow, "connectionIds" | "models">): DeliveryStep[] {
  const models = DELIVERABLE_MODELS.filter((model) => delivery.models.includes(model));
  return [...delivery.connectionIds].sort().flatMap((connectionId) => models.map((model) => ({ connectionId, model })));
}
