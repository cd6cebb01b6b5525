import { Button, Group, SegmentedControl, Text, TextInput, useMatches } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { RANGES, type ReportRange } from './reportRange';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a moment, in the admin's timezone (a date input's value). */
function dateOf(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The local midnight that starts a date input's day. */
function startOf(value: string): number {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year!, month! - 1, day).getTime();
}

/** A report's period: a preset, or a custom range of whole days picked with two date fields. */
export function RangePicker({ value, onChange }: { value: ReportRange; onChange: (next: ReportRange) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [custom, setCustom] = useState(value.range === 'custom');
  const [from, setFrom] = useState(() => dateOf(value.from ?? Date.now() - 6 * DAY_MS));
  const [to, setTo] = useState(() => dateOf(value.to !== undefined ? value.to - 1 : Date.now()));
  const valid = from !== '' && to !== '' && startOf(from) <= startOf(to) && startOf(to) - startOf(from) < 400 * DAY_MS;
  // The periods one under another on a phone, where a row of five is wider than the screen.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <Group align="flex-end" gap="md">
      <SegmentedControl
        aria-label={t('range.label')}
        orientation={orientation}
        value={custom ? 'custom' : value.range}
        onChange={(chosen) => {
          const range = RANGES.find((name) => name === chosen);
          if (!range) return;
          setCustom(range === 'custom');
          if (range !== 'custom') onChange({ range });
        }}
        data={RANGES.map((range) => ({ value: range, label: t(`range.${range}`) }))}
      />
      {custom && (
        <Group align="flex-end" gap="xs">
          <TextInput type="date" label={t('range.from')} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
          <TextInput type="date" label={t('range.to')} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
          <Button disabled={!valid} onClick={() => onChange({ range: 'custom', from: startOf(from), to: startOf(to) + DAY_MS })}>
            {t('range.apply')}
          </Button>
          {!valid && (
            <Text size="sm" c="red.8" role="alert">
              {t('range.invalid')}
            </Text>
          )}
        </Group>
      )}
    </Group>
  );
}
