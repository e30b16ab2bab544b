/** Starts the three fake providers; ports 0 pick free ones (tests), fixed ports serve `npm start`. */

import { createGeotabFake } from "./geotab/server.ts";
import { startFakeServer } from "./http-server.ts";
import { createMotiveFake } from "./motive/server.ts";
import { createSamsaraFake } from "./samsara/server.ts";

export async function startAllFakes(ports: { samsara?: number; motive?: number; geotab?: number } = {}) {
  const samsara = createSamsaraFake();
  const motive = createMotiveFake();
  const geotab = createGeotabFake();
  const servers = await Promise.all([
    startFakeServer((request) => samsara.fetch(request), ports.samsara ?? 0),
    startFakeServer((request) => motive.fetch(request), ports.motive ?? 0),
    startFakeServer((request) => geotab.fetch(request), ports.geotab ?? 0),
  ]);
  const [samsaraServer, motiveServer, geotabServer] = servers;
  return {
    urls: { samsara: samsaraServer!.url, motive: motiveServer!.url, geotab: geotabServer!.url },
    close: () => Promise.all(servers.map((server) => server.close())).then(() => undefined),
  };
}
