import { Badge, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** Each status's colour and icon (of its own shape, so the colour is not the only sign). */
export type StatusLooks<S extends string> = Record<S, { color: MantineColor; Icon: Icon }>;

/**
 * A status (a cache's, a campaign's, a crash group's) on a pill of its colour, with its icon and `label`.
 * The text is dark: green and yellow at shade 9 on their light pills fall below the 4.5:1 contrast small
 * text needs.
 */
export function StatusBadge<S extends string>({ status, looks, label }: { status: S; looks: StatusLooks<S>; label: string }) {
  const { color, Icon } = looks[status];
  return (
    <Badge variant="light" color={color} c="dark.7" flex="none" leftSection={<Icon size={14} aria-hidden />}>
      {label}
    </Badge>
  );
}
