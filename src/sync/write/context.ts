import type { WriteContext } from "../../families/kit/write";
import type { ProviderAdapter } from "../../providers/types";

/** What storing one provider page needs: a family writer's context, and the adapter that normalizes the page. */
export type PageContext = WriteContext & { adapter: ProviderAdapter };
