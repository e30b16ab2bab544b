/**
 * What GET /providers says about each provider beyond its adapter: the platform it is built on
 * and where people read about it. Kept out of the adapters because it is documentation, not
 * behaviour: a white label reads exactly like its platform and differs here only.
 */

import { GEOTAB_RESELLERS } from "./geotab/family";

/** A page for the fleet's own staff: where to find or create what the provider's credential form asks for. */
export type ProviderUserGuide = {
  title: string;
  url: string;
  /** What the page helps with, in a sentence. */
  description: string;
};

/** A page for developers: the provider's API documentation. */
export type ProviderReference = { title: string; url: string };

export type ProviderDocs = {
  /**
   * Code of the platform the provider runs on: a white label of Geotab has `geotab`; a provider
   * that is its own platform has its own code. Connections to providers of one base read alike.
   */
  baseCode: string;
  userGuides: readonly ProviderUserGuide[];
  references: readonly ProviderReference[];
};

/**
 * By provider code; every provider of the registry has an entry (a test checks it). Only the
 * providers' own published pages, on their own domains.
 */
const PROVIDER_DOCS: Readonly<Record<string, ProviderDocs>> = {
  samsara: {
    baseCode: "samsara",
    userGuides: [
      {
        title: "Samsara API tokens",
        url: "https://kb.samsara.com/hc/en-us/articles/217296157-Samsara-API",
        description:
          "How an administrator creates an API token in the Samsara dashboard (Settings → API Tokens) and chooses its scopes.",
      },
    ],
    references: [
      { title: "Samsara API reference", url: "https://developers.samsara.com/reference/overview" },
      { title: "Samsara API rate limits", url: "https://developers.samsara.com/docs/rate-limits" },
    ],
  },
  motive: {
    baseCode: "motive",
    userGuides: [
      {
        title: "Motive Help Center",
        url: "https://helpcenter.gomotive.com/hc/en-us",
        description:
          "Motive's help for fleet administrators; a company API key is created in the dashboard under Admin → Developers → API Keys.",
      },
    ],
    references: [{ title: "Motive API documentation", url: "https://developer.gomotive.com/" }],
  },
  geotab: {
    baseCode: "geotab",
    userGuides: [
      {
        title: "Geotab Support",
        url: "https://support.geotab.com/",
        description:
          "MyGeotab help: the database is the company name in the MyGeotab address (my.geotab.com/<database>), the user a MyGeotab login with access to the fleet.",
      },
    ],
    references: [
      { title: "MyGeotab API introduction", url: "https://developers.geotab.com/myGeotab/introduction" },
      { title: "MyGeotab API methods", url: "https://developers.geotab.com/myGeotab/apiReference/methods" },
      { title: "Geotab SDK on GitHub", url: "https://github.com/Geotab/sdk" },
    ],
  },
  "verizon-reveal": {
    baseCode: "verizon-reveal",
    userGuides: [
      {
        title: "Reveal Help: Developer portal overview",
        url: "https://reveal-help.verizonconnect.com/",
        description:
          "How a Reveal admin requests API access (Marketplace → API integrations): Verizon then emails the REST integration username and password.",
      },
    ],
    references: [
      { title: "Fleetmatics Integration Manager (developer portal)", url: "https://fim.us.fleetmatics.com/" },
    ],
  },
  "gps-insight": {
    baseCode: "gps-insight",
    userGuides: [
      {
        title: "GPS Insight API Guide for Developers: obtain a session token",
        url: "https://api.gpsinsight.com/apidocs/",
        description:
          "How a GPS Insight portal user's name and password open an API v2 session (an admin may also create API apps under Account → Manage Users → Manage access to api V2 functions).",
      },
    ],
    references: [{ title: "GPS Insight API v2 documentation", url: "https://github.com/gpsidev/api_v2_documentation" }],
  },
  // The sandbox is this service's own simulation: its credential form says everything (any
  // username and password), and no outside page documents it.
  webfleet: {
    baseCode: "webfleet",
    userGuides: [
      {
        title: "WEBFLEET.connect",
        url: "https://www.webfleet.com/en_gb/webfleet/fleet-management/integrations/webfleet-connect/",
        description: "What WEBFLEET.connect is and how an account user is given access to it.",
      },
    ],
    references: [
      {
        title: "WEBFLEET.connect reference",
        url: "https://www.webfleet.com/static/help/webfleet-connect/en_gb/index.html",
      },
    ],
  },
  azuga: {
    baseCode: "azuga",
    userGuides: [
      {
        title: "What are the API services offered by Azuga?",
        url: "https://azuga.freshdesk.com/support/home",
        description: "Azuga's help centre on its APIs; API access is arranged with integration@azuga.com.",
      },
    ],
    references: [{ title: "Azuga developer hub", url: "https://developer.azuga.com/" }],
  },
  "mix-telematics": {
    baseCode: "mix-telematics",
    userGuides: [
      {
        title: "MiX Integrate: getting started",
        url: "https://integrate.us.mixtelematics.com/",
        description:
          "How MiX Integrate access is set up: MiX support enables the API for the organisation, and a Fleet Manager user's name and password sign in at the organisation's data centre.",
      },
    ],
    references: [
      {
        title: "MiX Integrate API client (SDK, routes and entities)",
        url: "https://github.com/MiXTelematics/MiX.Integrate.Api.Client",
      },
    ],
  },
  "teletrac-navman-360": {
    baseCode: "teletrac-navman-360",
    userGuides: [
      {
        title: "TN360 API: authentication",
        url: "https://docs-au.telematics.com/authentication",
        description:
          "How TN360 API access is arranged: the integrations team issues the client id and secret, and a TN360 user signs in with its own username and password.",
      },
    ],
    references: [
      { title: "TN360 API: retrieving events", url: "https://docs-au.telematics.com/events" },
      { title: "TN360 API: vehicle visibility", url: "https://docs-au.telematics.com/visibility" },
    ],
  },
  sandbox: { baseCode: "sandbox", userGuides: [], references: [] },
};

/**
 * MyGeotab's resellers run Geotab's platform: their customers' accounts are MyGeotab databases,
 * so Geotab's pages are theirs too (the resellers' own help sites vary and move).
 */
const RESELLER_DOCS: Readonly<Record<string, ProviderDocs>> = Object.fromEntries(
  GEOTAB_RESELLERS.map((brand) => [brand.code, PROVIDER_DOCS.geotab!]),
);

/** The provider's entry; a provider without one is its own platform with nothing to link to. */
export function providerDocsOf(code: string): ProviderDocs {
  return PROVIDER_DOCS[code] ?? RESELLER_DOCS[code] ?? { baseCode: code, userGuides: [], references: [] };
}

/** The codes that have an entry (for the test that every provider has one). */
export function documentedProviderCodes(): string[] {
  return [...Object.keys(PROVIDER_DOCS), ...Object.keys(RESELLER_DOCS)];
}
