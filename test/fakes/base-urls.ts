/**
 * The Worker settings (wrangler.toml vars) that take each fake provider's address, by fake
 * (test/fakes/providers.ts): read by the test configuration (test/workers-project.ts) and by
 * `npm start`, without loading the fakes themselves.
 */
export const FAKE_BASE_URL_VARS: Readonly<Record<string, readonly string[]>> = {
  samsara: ["SAMSARA_BASE_URL", "SAMSARA_EU_BASE_URL"],
  // Motive's consent page and token endpoint are on hosts of their own (gomotive.com, keeptruckin.com).
  motive: ["MOTIVE_BASE_URL", "MOTIVE_AUTHORIZE_BASE_URL", "MOTIVE_OAUTH_BASE_URL"],
  geotab: ["GEOTAB_BASE_URL"],
  "verizon-reveal": ["VERIZON_BASE_URL"],
  "gps-insight": ["GPS_INSIGHT_BASE_URL"],
  webfleet: ["WEBFLEET_BASE_URL"],
  azuga: ["AZUGA_AUTH_BASE_URL", "AZUGA_BASE_URL"],
  "mix-telematics": ["MIX_IDENTITY_BASE_URL", "MIX_BASE_URL"],
  "teletrac-navman-360": ["TN360_IDENTITY_BASE_URL", "TN360_BASE_URL"],
};

/** The Worker settings pointing at the fakes, given their addresses by fake. */
export function fakeBaseUrlVars(urls: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(FAKE_BASE_URL_VARS).flatMap(([name, variables]) => {
      const url = urls[name];
      if (url === undefined) throw new Error(`No address for the fake provider ${name}.`);
      return variables.map((variable) => [variable, url]);
    }),
  );
}
