import { beforeAll, inject } from "vitest";

// Runs before each browser test file: when global-setup could not start wrangler dev or the demo
// application, every test of the file fails with the reason.
beforeAll(() => {
  const error = inject("browserSetupError");
  if (error) throw new Error(`browser suite setup failed: ${error}`);
});
