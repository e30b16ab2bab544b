/**
 * The fake providers, one entry each: how to make one, the port `npm start` serves it on, and
 * the demo account `npm start` registers with the credentials it prints. Tests
 * (test/fakes/serve.ts) and `npm start` (scripts/start.mjs) read this table; the Worker settings
 * that take each one's address are in base-urls.ts. A new fake is one entry in each.
 */
import { createAzugaFake } from "./azuga/server.ts";
import { createGeotabFake } from "./geotab/server.ts";
import { createGpsInsightFake } from "./gps-insight/server.ts";
import { createMixFake } from "./mix/server.ts";
import { createMotiveFake } from "./motive/server.ts";
import { createSamsaraFake } from "./samsara/server.ts";
import { createTn360Fake } from "./teletrac-navman/server.ts";
import { createVerizonFake } from "./verizon/server.ts";
import { createWebfleetFake } from "./webfleet/server.ts";

export type FakeProvider = {
  create: () => { fetch: (request: Request) => Response | Promise<Response> };
  /** The port `npm start` serves it on (tests take free ones). */
  port: number;
  /** `npm start`'s demo account: what POST /__fake/accounts registers, and the credentials to connect with. */
  demo: { account: Record<string, unknown>; credentials: Record<string, string> };
};

export const FAKE_PROVIDERS: Readonly<Record<string, FakeProvider>> = {
  azuga: {
    create: createAzugaFake,
    port: 8797,
    demo: {
      account: { credential: "demo-azuga/demo-password", name: "Demo Field Services (Azuga)" },
      credentials: { username: "demo-azuga", password: "demo-password" },
    },
  },
  samsara: {
    create: createSamsaraFake,
    port: 8791,
    demo: {
      account: { credential: "samsara-demo-token", name: "Demo Freight (Samsara)" },
      credentials: { apiToken: "samsara-demo-token" },
    },
  },
  motive: {
    create: createMotiveFake,
    port: 8792,
    demo: {
      account: { credential: "motive-demo-key", name: "Demo Haulage (Motive)" },
      credentials: { apiKey: "motive-demo-key" },
    },
  },
  geotab: {
    create: createGeotabFake,
    port: 8793,
    demo: {
      account: { credential: "demo_db/demo@fleet.example/demo-password", name: "Demo Logistics (Geotab)" },
      credentials: { database: "demo_db", username: "demo@fleet.example", password: "demo-password" },
    },
  },
  webfleet: {
    create: createWebfleetFake,
    port: 8794,
    demo: {
      account: { credential: "demo-fleet/demo.user/demo-password", name: "Demo Transport (Webfleet)" },
      credentials: { accountName: "demo-fleet", username: "demo.user", password: "demo-password" },
    },
  },
  "gps-insight": {
    create: createGpsInsightFake,
    port: 8796,
    demo: {
      account: { credential: "demo-gpsi/demo-password", name: "Demo Services (GPS Insight)" },
      credentials: { username: "demo-gpsi", password: "demo-password" },
    },
  },
  "verizon-reveal": {
    create: createVerizonFake,
    port: 8795,
    demo: {
      account: { credential: "verizon-demo/demo-password", name: "Demo Contractors (Verizon Connect Reveal)" },
      credentials: { username: "verizon-demo", password: "demo-password", companyName: "Demo Contractors" },
    },
  },
  "mix-telematics": {
    create: createMixFake,
    port: 8798,
    demo: {
      account: { credential: "mix-demo/demo-password", name: "Demo Distribution (MiX Telematics)" },
      credentials: { username: "mix-demo", password: "demo-password", region: "us" },
    },
  },
  "teletrac-navman-360": {
    create: createTn360Fake,
    port: 8799,
    demo: {
      account: { credential: "tn360-demo/demo-password", name: "Demo Couriers (Teletrac Navman 360)" },
      credentials: { username: "tn360-demo", password: "demo-password" },
    },
  },
};
