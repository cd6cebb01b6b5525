import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One block of a monitoring screen (a provider, a cache, a chart, a table): a card named by its title. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
