/** The fake Motive API (placeholder until the Motive fake is written). */
import { AccountStore } from "../accounts.ts";
import { json } from "../http-server.ts";

export function createMotiveFake() {
  const accounts = new AccountStore();
  return {
    accounts,
    async fetch(request: Request): Promise<Response> {
      return (await accounts.control(request)) ?? json({ message: "not implemented" }, 501);
    },
  };
}
