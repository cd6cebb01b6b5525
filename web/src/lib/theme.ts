import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Pink for ballet, at shades dark enough for white text to pass WCAG AA contrast. System fonts: the
 * site ships no web fonts and loads nothing from other hosts.
 */
export const theme = createTheme({
  primaryColor: 'pink',
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Hebrew", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Times New Roman", "Noto Serif", "Noto Serif Hebrew", serif' },
  defaultRadius: 'md',
  // Visitors who ask their system for less motion get no transitions.
  respectReducedMotion: true,
});

/** Mantine's dimmed text (gray 6) is below 4.5:1 on white; gray 7 passes WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
