/** Types of scripts/demo-app.mjs, for the TypeScript browser tests that start it. */
export type DemoAppOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Origin of the hosted flow, without a trailing slash: the SDK's linkBaseUrl. */
  linkBaseUrl: string;
  apiBaseUrls: { production: string; sandbox: string };
  /** The admin API's created application, whose keys include their `key` values. */
  application: { keys: Array<{ environment: string; kind: string; key: string }> };
};

export function startDemoApp(options: DemoAppOptions): Promise<{ url: string; close: () => Promise<void> }>;
