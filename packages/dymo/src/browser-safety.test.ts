// The web app bundles src/index.ts: nothing it reaches may need Node.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FROM =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function reachable(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    const specifiers = [...readFileSync(file, 'utf8').matchAll(FROM)].map(
      (m) => m[1] ?? m[2] ?? '',
    );
    seen.set(file, specifiers);
    for (const s of specifiers) if (s.startsWith('.')) visit(resolve(dirname(file), s));
  };
  visit(entry);
  return seen;
}

describe('browser entry', () => {
  it('reaches no node: module, no emulator and no test support', () => {
    const graph = reachable(fileURLToPath(new URL('./index.ts', import.meta.url)));
    expect(graph.size).toBeGreaterThan(10);
    const packages = [...graph.values()].flat().filter((s) => !s.startsWith('.'));
    expect(new Set(packages)).toEqual(new Set(['fast-xml-parser']));
    const files = [...graph.keys()].map((f) => f.replace(/\\/g, '/'));
    expect(files.filter((f) => /\/(emulator|test-support)\//.test(f))).toEqual([]);
  });
});
