import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

/*
 * No two modules of the web app import each other in a loop, type imports and re-exports included (the
 * ESLint layers keep the direction between folders; this keeps it between files). A dynamic `import()` is
 * left out: it is how a page's chunk is fetched later, not a dependency of the module's start.
 */
const SRC = resolve(import.meta.dirname, '..');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string, known: Set<string>): string[] {
  const targets = [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((match) => resolve(dirname(file), match[1]!));
  return targets.flatMap((target) => {
    const found = [target, ...EXTENSIONS.map((extension) => target + extension)].find((candidate) => known.has(candidate));
    return found ? [found] : [];
  });
}

/** Every group of files that reach one another (Tarjan's strongly connected components), largest first. */
function loops(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = stack.splice(stack.indexOf(node));
      if (group.length > 1) found.push(group);
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => b.length - a.length);
}

describe('the web app’s imports', () => {
  it('form no loop between files', () => {
    const files = sourceFiles(SRC);
    const known = new Set(files);
    const edges = new Map(files.map((file) => [file, importsOf(file, known)]));
    expect(edges.size).toBeGreaterThan(100);
    expect([...edges.values()].flat().length).toBeGreaterThan(500);
    expect(loops(edges).map((group) => group.map((file) => relative(SRC, file)))).toEqual([]);
  });

  it('finds a loop where there is one', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(loops(edges)).toEqual([['a', 'b', 'c']]);
  });
});
