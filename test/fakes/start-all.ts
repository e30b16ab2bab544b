/** Starts every fake provider (providers.ts); ports 0 pick free ones (tests), `fixedPorts` serve `npm start`. */

import { startFakeServer } from "./http-server.ts";
import { FAKE_PROVIDERS } from "./providers.ts";

export async function startAllFakes(options: { fixedPorts?: boolean } = {}) {
  const entries = Object.entries(FAKE_PROVIDERS);
  const servers = await Promise.all(
    entries.map(([, fake]) => {
      const server = fake.create();
      return startFakeServer((request) => server.fetch(request), options.fixedPorts ? fake.port : 0);
    }),
  );
  return {
    urls: Object.fromEntries(entries.map(([name], index) => [name, servers[index]!.url])) as Record<string, string>,
    close: () => Promise.all(servers.map((server) => server.close())).then(() => undefined),
  };
}
