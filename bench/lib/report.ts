/**
 * Writes a benchmark's figures into BENCHMARKS.md, between its own markers
 * (`<!-- bench:NAME -->` … `<!-- /bench:NAME -->`), so each run replaces only its section and
 * the hand-written analysis around them stays.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describeMachine } from "./machine.ts";
import { ROOT } from "./service.ts";

const FILE = path.join(ROOT, "BENCHMARKS.md");

export type Section = {
  /** Marker name, e.g. "read-throughput". */
  name: string;
  title: string;
  /** The npm script that reproduces it. */
  command: string;
  /** Markdown: tables and short notes. */
  body: string;
};

export function writeSection(section: Section): void {
  const start = `<!-- bench:${section.name} -->`;
  const end = `<!-- /bench:${section.name} -->`;
  const measured = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const block = [
    start,
    `### ${section.title}`,
    "",
    `\`${section.command}\` · ${measured} · ${describeMachine()}`,
    "",
    section.body.trim(),
    end,
  ].join("\n");
  const current = existsSync(FILE) ? readFileSync(FILE, "utf8") : "# Benchmarks\n";
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, next);
  console.log(`\n${block}\n\n(written to BENCHMARKS.md)`);
}

/** A markdown table from a header row and rows of cells. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
