import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { RANGES, type RangeName, type Selection } from './api';

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

/** The period: a preset, or a custom range of whole days picked with two date fields. */
export function RangePicker({ selection, onChange }: { selection: Selection; onChange: (range: RangeName, from?: number, to?: number) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [custom, setCustom] = useState(selection.range === 'custom');
  const [from, setFrom] = useState(() => dateOf(selection.from ?? Date.now() - 6 * DAY_MS));
  const [to, setTo] = useState(() => dateOf(selection.to !== undefined ? selection.to - 1 : Date.now()));
  const valid = from !== '' && to !== '' && startOf(from) <= startOf(to) && startOf(to) - startOf(from) < 400 * DAY_MS;
  return (
    <Group align="flex-end" gap="md">
      <SegmentedControl
        aria-label={t('analytics.range.label')}
        value={custom ? 'custom' : selection.range}
        onChange={(value) => {
          const range = RANGES.find((name) => name === value);
          if (!range) return;
          setCustom(range === 'custom');
          if (range !== 'custom') onChange(range);
        }}
        data={RANGES.map((range) => ({ value: range, label: t(`analytics.range.${range}`) }))}
      />
      {custom && (
        <Group align="flex-end" gap="xs">
          <TextInput type="date" label={t('analytics.range.from')} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
          <TextInput type="date" label={t('analytics.range.to')} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
          <Button disabled={!valid} onClick={() => onChange('custom', startOf(from), startOf(to) + DAY_MS)}>
            {t('analytics.range.apply')}
          </Button>
          {!valid && (
            <Text size="sm" c="red.8" role="alert">
              {t('analytics.range.invalid')}
            </Text>
          )}
        </Group>
      )}
    </Group>
  );
}
