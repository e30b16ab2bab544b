/**
 * Keeps docs/adding-a-provider.md's worked example true to the repository: every path it names
 * in backticks (`src/…`, `test/…`, `docs/…`, `scripts/…`) exists, and so does every file of its
 * adapter folder listing. The suite runs inside workerd (no node:fs), so Vite reads the page as
 * text (`?raw`) and the tree as the keys of a glob (lazy, never loaded).
 */
import { describe, expect, it } from "vitest";
import page from "../../docs/adding-a-provider.md?raw";

/** A glob key as a path from the repository's root (Vite writes those under test/ relative to this folder). */
function fromRoot(key: string): string {
  if (key.startsWith("../../")) return key.slice("../../".length);
  if (key.startsWith("../")) return `test/${key.slice("../".length)}`;
  return `test/docs/${key.replace(/^\.\//, "")}`;
}

const FILES = Object.keys(
  import.meta.glob(["../../src/**/*", "../../test/**/*", "../../docs/**/*", "../../scripts/**/*"], {
    query: "?raw",
    import: "default",
  }),
).map(fromRoot);

/** A file, or a folder holding one (written with or without its trailing slash). */
const exists = (path: string) =>
  FILES.includes(path) || FILES.some((file) => file.startsWith(path.endsWith("/") ? path : `${path}/`));

describe("docs/adding-a-provider.md", () => {
  it("names only paths that exist (placeholders such as <code> aside)", () => {
    const named = [...page.matchAll(/`((?:src|test|docs|scripts)\/[^`\s]*)`/g)].map((match) => match[1]!);
    expect(named.length, "paths in backticks").toBeGreaterThan(10);
    expect(FILES.length, "the glob found the tree").toBeGreaterThan(100);
    const missing = named.filter((path) => !path.includes("<") && !exists(path));
    expect(missing, "paths the guide names that do not exist").toEqual([]);
  });

  it("lists files of its worked example's adapter folder that exist", () => {
    const block = /```\n(src\/providers\/[^/\n]+\/)\n([\s\S]*?)```/.exec(page);
    expect(block, "the adapter folder listing").not.toBeNull();
    const folder = block![1]!;
    const entries = [...block![2]!.matchAll(/^ {2}(\S+\.ts|\S+\/)\s/gm)].map((match) => match[1]!);
    // The model files, in parentheses under the `models/` line.
    const listedModels = /^ {2}models\/[^\n]*\n\s+\(([^)]*)\)/m.exec(block![2]!)?.[1] ?? "";
    const models = listedModels.split(",").map((name) => name.trim());
    expect(entries.length).toBeGreaterThan(5);
    expect(models.length, "the model files under models/").toBeGreaterThan(0);
    const missing = [
      ...entries.filter((entry) => !exists(`${folder}${entry}`)),
      ...models.filter((model) => !exists(`${folder}models/${model}`)),
    ];
    expect(missing, `entries of the listing missing from ${folder}`).toEqual([]);
  });
});
