import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from './routes';

/*
 * The server draws and describes pages by the same paths the app routes (server/src/web/page.rs,
 * `Page::from_path`): a page one side knows and the other does not would be drawn as "not found" by the
 * server and then shown by the app, or the other way round. Both lists are read as written, a parameter
 * as `:param`.
 */
const PAGE_RS = resolve(import.meta.dirname, '../../../server/src/web/page.rs');

/** The paths of `Page::from_path`'s match arms, e.g. `["brand", id] if …` as `/brand/:param`. */
function serverPaths(): string[] {
  const source = readFileSync(PAGE_RS, 'utf8');
  const body = source.slice(source.indexOf('fn from_path'), source.indexOf('_ => Page::NotFound'));
  return [...body.matchAll(/^\s*\[([^\]]*)\][^=]*=> Page::/gm)].map(([, pattern]) => {
    const segments = pattern!.split(',').map((segment) => segment.trim());
    const path = segments.map((segment) => (segment === '..' ? '*' : segment.startsWith('"') ? segment.slice(1, -1) : ':param'));
    return `/${path.join('/')}`;
  });
}

function appPaths(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path.replace(/:[A-Za-z]+/g, ':param')] : []),
    ...appPaths(route.children ?? []),
  ]);
}

describe('the pages', () => {
  it('are the same on the server and in the app', () => {
    const server = serverPaths();
    expect(server.length).toBeGreaterThan(15);
    expect(server).toContain('/brand/:param');
    expect(server).toContain('/admin/*');
    expect([...appPaths(routes)].sort()).toEqual([...server].sort());
  });
});
