import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

import classes from './StatGrid.module.css';

/**
 * Headline numbers (StatCards) side by side, as many to a row as fit at a width where their labels and
 * values wrap whole: the columns follow the screen's own width, which the navigation's being open or hidden
 * changes, not the window's.
 */
export function StatGrid({ children, ...others }: BoxProps & { children: ReactNode }) {
  return (
    <Box className={classes.grid} {...others}>
      {children}
    </Box>
  );
}
