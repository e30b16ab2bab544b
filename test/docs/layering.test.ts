/**
 * Arrows point one way (issue 16): the folders of src/ import values from each other without a
 * loop, the lower layers never reach up into domain services, and the operator API and the
 * hosted flow share the HTTP kit rather than the public API's code. The source is read as text
 * at build time (Vite's eager `?raw` glob: the suite runs inside workerd, without node:fs), and
 * imports are read from it: type-only imports do not count, since they leave no arrow at run time.
 */
import { describe, expect, it } from "vitest";

const SOURCES = import.meta.glob<string>("../../src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

/** The unit an import lands in: a top-level folder of src/, or a top-level file (without extension). */
function unitOf(path: string): string {
  const [first, ...rest] = path.split("/");
  return rest.length > 0 ? (first as string) : (first as string).replace(/\.tsx?$/, "");
}

/** Resolves `specifier` (relative) against the src/-relative `from`; undefined outside src/. */
function resolve(from: string, specifier: string): string | undefined {
  const parts = from.split("/").slice(0, -1);
  for (const segment of specifier.split("/")) {
    if (segment === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** Whether an import clause brings in a value (not `import type`, not only `type` names). */
function importsValue(clause: string): boolean {
  if (/^type\s/.test(clause)) return false;
  const named = clause.match(/^\{([\s\S]*)\}$/);
  if (!named) return true;
  const names = (named[1] as string)
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => !name.startsWith("type "));
}

type Arrow = { from: string; to: string; file: string };

/** Every import between two different units of src/: value imports only, unless `types` is set. */
function arrows(options: { types?: boolean } = {}): Arrow[] {
  const found: Arrow[] = [];
  for (const [key, text] of Object.entries(SOURCES)) {
    const file = key.replace(/^(\.\.\/)+src\//, "");
    for (const match of text.matchAll(/^(?:import|export)\s+([^;"]*?)\s+from\s+"(\.[^"]+)"/gm)) {
      if (!options.types && !importsValue((match[1] as string).trim())) continue;
      const target = resolve(file, match[2] as string);
      if (target === undefined) continue;
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from !== to) found.push({ from, to, file });
    }
  }
  return found;
}

/** The units on a loop of value imports (Tarjan's strongly connected components of size > 1). */
function loops(edges: Arrow[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)?.add(to);
  }
  let counter = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (unit: string) => {
    order.set(unit, counter);
    low.set(unit, counter++);
    stack.push(unit);
    for (const target of next.get(unit) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(unit, Math.min(low.get(unit) as number, low.get(target) as number));
      } else if (stack.includes(target)) low.set(unit, Math.min(low.get(unit) as number, order.get(target) as number));
    }
    if (low.get(unit) !== order.get(unit)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) component.push(member);
    } while (member !== unit && member !== undefined);
    if (component.length > 1) found.push(component.sort());
  };
  for (const unit of next.keys()) if (!order.has(unit)) visit(unit);
  return found;
}

const describeArrows = (list: Arrow[]) => list.map(({ file, to }) => `${file} → ${to}/`);

describe("imports between the folders of src/", () => {
  const all = arrows();

  it("are read from the source (the glob found it, and imports in it)", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(all.length).toBeGreaterThan(100);
  });

  it("never loop: no two folders import values from each other, directly or through others", () => {
    expect(loops(all)).toEqual([]);
  });

  it("leave domain services out of providers/, db/, lib/, model/, http/ and presenters/ (types included)", () => {
    const lower = new Set(["providers", "db", "lib", "model", "http", "presenters"]);
    const withTypes = arrows({ types: true });
    expect(describeArrows(withTypes.filter(({ from, to }) => lower.has(from) && to === "domain"))).toEqual([]);
  });

  it("keep the operator API and the hosted flow apart from the public API's code", () => {
    expect(describeArrows(all.filter(({ from, to }) => (from === "admin" || from === "link") && to === "api"))).toEqual(
      [],
    );
  });
});
