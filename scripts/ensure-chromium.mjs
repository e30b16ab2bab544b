// Makes sure Debian's chromium is installed, for the browser suite (playwright-core drives it;
// `npx playwright install` cannot download browsers on these machines). Installs it with apt-get
// when missing, as root or through passwordless sudo; otherwise says what to run. Answers the
// browser's path. Used by test/browser/global-setup.ts and .ci/run.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ["sudo", "-n"];
  if (!isRoot && spawnSync("sudo", ["-n", "true"]).status !== 0) {
    throw new Error(
      `${CHROMIUM_PATH} is missing and cannot be installed without root: run \`sudo apt-get install -y chromium\`.`,
    );
  }
  const run = (args) => {
    const [command, ...rest] = [...sudo, ...args];
    execFileSync(command, rest, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  };
  console.error(`Installing Debian's chromium for the browser tests (${CHROMIUM_PATH} is missing)…`);
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium, but ${CHROMIUM_PATH} is still missing`);
  return CHROMIUM_PATH;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}
