import { MantineProvider } from '@mantine/core';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { cssVariablesResolver, theme } from '../lib/theme';

const FILE = join(__dirname, 'mantineTheme.css');

const HEADER = `/*
 * What Mantine's provider would write into the page's body as <style> elements (its theme's CSS variables
 * and the visibleFrom/hiddenFrom classes), which HTML does not allow there: the app's provider is told not
 * to (App.tsx) and vite.config.ts puts this in every page's <head> instead. Written by
 * \`UPDATE_MANTINE_THEME=1 npx vitest run src/app/mantineTheme.test.tsx\` from src/lib/theme.ts; the test
 * fails when the theme (or Mantine) changes and this is not written again. The dark scheme's rules are
 * left out: the site is light only.
 */
`;

/** The rules Mantine's provider draws for the app's theme, one declaration a line, the dark scheme's left out. */
function expectedCss(): string {
  const html = renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" getRootElement={() => undefined}>
      <p />
    </MantineProvider>,
  );
  const css = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((match) => match[1]!).join('\n');
  const rules: string[] = [];
  // `selector{declarations}` and `@media (…) {selector {declarations}}`, as Mantine writes them.
  for (const match of css.matchAll(/(@media[^{]+)\{\s*([^{}]+)\{([^}]*)\}\s*\}|([^{}@]+)\{([^}]*)\}/g)) {
    const [, media, innerSelector, innerBody, selector, body] = match;
    const declarations = (media ? innerBody! : body!)
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean);
    const rule = (indent: string, head: string) => `${indent}${head.trim()} {\n${declarations.map((declaration) => `${indent}  ${declaration};\n`).join('')}${indent}}`;
    if (media) rules.push(`${media.trim()} {\n${rule('  ', innerSelector!)}\n}`);
    else if (!selector!.includes('"dark"')) rules.push(rule('', selector!));
  }
  return `${HEADER}${rules.join('\n')}\n`;
}

describe('mantineTheme.css', () => {
  it("holds what Mantine's provider would write for the app's theme", () => {
    const expected = expectedCss();
    if (process.env.UPDATE_MANTINE_THEME) writeFileSync(FILE, expected);
    expect(expected).toContain('--mantine-primary-color-filled: var(--mantine-color-pink-filled)');
    expect(expected).toContain('.mantine-hidden-from-md');
    expect(readFileSync(FILE, 'utf8'), 'run UPDATE_MANTINE_THEME=1 npx vitest run src/app/mantineTheme.test.tsx').toBe(expected);
  });
});
