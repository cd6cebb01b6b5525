import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One headline number of a monitoring screen, named by its label (a group, so tests and readers find it by name). */
export function StatCard({ label, value, detail, icon }: { label: string; value: string; detail?: ReactNode; icon?: ReactNode }) {
  return (
    <Card withBorder radius="md" role="group" aria-label={label}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Group gap="xs">
          {icon}
          <Text fz={28} fw={700}>
            {value}
          </Text>
        </Group>
        {detail}
      </Stack>
    </Card>
  );
}
