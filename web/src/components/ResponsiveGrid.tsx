import { Box, type BoxProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

import classes from './ResponsiveGrid.module.css';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg';

interface Props extends BoxProps, Omit<ComponentPropsWithoutRef<'div'>, 'style'> {
  /** The columns from each breakpoint up; one below the first. */
  cols: Partial<Record<Breakpoint, 2 | 3>>;
  /** The gap between cells, both ways. */
  spacing?: 'md' | 'lg' | 'xl';
}

/**
 * A grid of one column on a phone and more on wider screens: Mantine's SimpleGrid as the app uses it,
 * its responsive columns in the stylesheet (ResponsiveGrid.module.css) rather than in a `<style>` element
 * in the page's body, which HTML does not allow.
 */
export function ResponsiveGrid({ cols, spacing = 'md', className, ...others }: Props) {
  return (
    <Box
      {...others}
      className={className ? `${classes.grid} ${className}` : classes.grid}
      data-spacing={spacing}
      data-xs={cols.xs}
      data-sm={cols.sm}
      data-md={cols.md}
      data-lg={cols.lg}
    />
  );
}
