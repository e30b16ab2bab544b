import { type WindowWalk, walkWindow as walkSpans } from "../kit/window-walk";
import type { ProviderPage } from "../types";
import { PROVIDER, Tn360ForbiddenError } from "./client";

export { spansOf } from "../kit/window-walk";

/**
 * Reads a window key by key (a vehicle id, or `*` for the fleet) and span by span
 * (kit/window-walk.ts): TN360's from/to reads answer a whole span without paging, so a span
 * bounds each answer; a 403 (Tn360ForbiddenError) ends the walk with a `missing_permissions` issue.
 */
export function walkWindow(options: Omit<WindowWalk, "provider" | "forbidden">): Promise<ProviderPage> {
  return walkSpans({ ...options, provider: PROVIDER, forbidden: (error) => error instanceof Tn360ForbiddenError });
}
