/**
 * Keeps docs/architecture.md's Layout list equal to the top-level folders of src/. The suite runs
 * inside workerd (no node:fs), so Vite reads both at build time: the page as text (`?raw`), and
 * the source tree as the keys of a glob (lazy, never loaded).
 */
import { describe, expect, it } from "vitest";
import page from "../../docs/architecture.md?raw";

const SOURCE_FILES = Object.keys(import.meta.glob("../../src/*/**/*", { query: "?raw", import: "default" }));

/** Top-level folders of src/ that hold at least one file, as `src/<name>/`. */
function sourceFolders(): string[] {
  const folders = SOURCE_FILES.map((file) => file.match(/\/src\/([^/]+)\//)?.[1]).filter((name) => name !== undefined);
  return [...new Set(folders)].map((name) => `src/${name}/`).sort();
}

/** The text of the `## Layout` section: from its heading to the next `## ` heading. */
function layoutSection(markdown: string): string | undefined {
  const start = markdown.search(/^## Layout[ \t]*$/m);
  if (start < 0) return undefined;
  const rest = markdown.slice(start);
  const end = rest.slice(1).search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

/** The paths of the section's bullets that start with a backticked `src/…` path. */
function listedPaths(section: string): string[] {
  return [...section.matchAll(/^- `(src\/[^`]*)`/gm)].map((match) => match[1]!);
}

describe("docs/architecture.md's Layout list", () => {
  const section = layoutSection(page);
  const listed = section ? listedPaths(section) : [];

  it("exists and lists src/ folders", () => {
    expect(section, "a `## Layout` section in docs/architecture.md").toBeDefined();
    expect(listed.length).toBeGreaterThan(0);
    expect(SOURCE_FILES.length, "the glob over src/ found files").toBeGreaterThan(0);
  });

  it("names each folder as `src/<folder>/` (top level, trailing slash), once", () => {
    const malformed = listed.filter((path) => !/^src\/[^/]+\/$/.test(path));
    expect(malformed, "lines that are not a top-level folder with a trailing slash").toEqual([]);
    const repeated = listed.filter((path, index) => listed.indexOf(path) !== index);
    expect(repeated, "folders listed more than once").toEqual([]);
  });

  it("has a line for every top-level folder of src/", () => {
    const missing = sourceFolders().filter((folder) => !listed.includes(folder));
    expect(missing, "folders of src/ without a line in docs/architecture.md's Layout").toEqual([]);
  });

  it("names only folders that exist", () => {
    const folders = sourceFolders();
    const extra = listed.filter((path) => !folders.includes(path));
    expect(extra, "lines in docs/architecture.md's Layout naming no folder of src/").toEqual([]);
  });
});
