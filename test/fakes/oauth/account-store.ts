/**
 * The account store of a fake with an authorization server: registering an account again
 * (`POST /__fake/accounts`, a reset) ends the grants its customer gave before.
 */
import { AccountStore, type FakeAccount } from "../accounts.ts";

export class OAuthAccountStore extends AccountStore {
  /** Called when an account is (re)registered. */
  onReset: (credential: string) => void = () => {};

  override put(account: FakeAccount): void {
    super.put(account);
    this.onReset(account.credential);
  }
}
