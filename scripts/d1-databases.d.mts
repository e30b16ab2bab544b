/** Types of scripts/d1-databases.mjs, for the TypeScript benchmarks and tests that use it. */
export function d1Databases(configText?: string): { binding: string; migrationsDir: string }[];

export function applyMigrations(options: {
  wrangler?: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  configText?: string;
  quiet?: boolean;
}): void;

export function applyMigrationsInBackground(options: {
  wrangler?: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}): Promise<void>;
