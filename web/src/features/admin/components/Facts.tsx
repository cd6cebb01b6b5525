import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A few labelled values (a provider's state, an answer's details), one row each, the label as its header. */
export function Facts({ label, facts }: { label: string; facts: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed" aria-label={label}>
      <Table.Tbody>
        {facts.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w="45%">
              {name}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
