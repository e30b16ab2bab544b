import { type WindowWalk, walkWindow as walkSpans } from "../kit/window-walk";
import { DAY_MS } from "../kit/windows";
import type { ProviderPage } from "../types";
import { MixForbiddenError, PROVIDER } from "./client";

/**
 * Reads a window key by key (an asset id, or the organisation) and UTC day by day
 * (kit/window-walk.ts): MiX's from/to reads answer a whole span without paging, so a day bounds
 * each answer; a 403 (MixForbiddenError) ends the walk with a `missing_permissions` issue.
 */
export function walkWindow(options: Omit<WindowWalk, "provider" | "spanMs" | "forbidden">): Promise<ProviderPage> {
  return walkSpans({
    ...options,
    provider: PROVIDER,
    spanMs: DAY_MS,
    forbidden: (error) => error instanceof MixForbiddenError,
  });
}
