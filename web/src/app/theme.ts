import { createTheme } from '@mantine/core';

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
});
