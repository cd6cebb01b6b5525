import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FIT_NAMESPACE } from './i18n';
import { CHOICES, FOOT_CHOICES, RANGES, type Foot, type Side, type SizeChart } from './profile';
import { ChoiceSelect, RangeInput, type FieldErrorOf } from './fields';

/** One foot's questions, each with what its answer changes. */
export function FootFields({ side, foot, onChange, errorOf, onCopyLeft }: {
  side: Side;
  foot: Foot;
  onChange: (foot: Foot) => void;
  errorOf: FieldErrorOf;
  /** The right foot's "same as my left foot". */
  onCopyLeft?: () => void;
}) {
  const { t } = useTranslation(FIT_NAMESPACE);
  const set = (patch: Partial<Foot>) => onChange({ ...foot, ...patch });
  // The chart is kept with a size; chosen before the size is typed, it waits here.
  const [chosenChart, setChart] = useState<SizeChart>('eu');
  const chart = foot.size?.chart ?? chosenChart;
  const headingId = `fit-${side}-foot`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id={headingId}>
          {t(`foot.${side}`)}
        </Title>
        {onCopyLeft && (
          <Button variant="subtle" size="compact-sm" onClick={onCopyLeft}>
            {t('foot.sameAsLeft')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('foot.measureHint')} {t('hint.size')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <RangeInput label={t('foot.lengthMm')} range={RANGES.lengthMm} value={foot.lengthMm} onChange={(lengthMm) => set({ lengthMm })} error={errorOf(`${side}.lengthMm`)} />
        <RangeInput label={t('foot.widthMm')} range={RANGES.widthMm} value={foot.widthMm} onChange={(widthMm) => set({ widthMm })} error={errorOf(`${side}.widthMm`)} />
        <NativeSelect
          label={t('foot.sizeChart')}
          data={CHOICES.sizeChart.map((value) => ({ value, label: t(`choice.sizeChart.${value}`) }))}
          value={chart}
          onChange={(event) => {
            const chosen = CHOICES.sizeChart.find((value) => value === event.currentTarget.value) ?? 'eu';
            setChart(chosen);
            if (foot.size) set({ size: { ...foot.size, chart: chosen } });
          }}
        />
        <RangeInput
          label={t('foot.sizeValue')}
          range={RANGES.sizeValue}
          halves
          value={foot.size?.value}
          onChange={(value) => set({ size: value === null ? null : { chart, value } })}
          error={errorOf(`${side}.size.value`)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FOOT_CHOICES.map((key) => (
          <ChoiceSelect key={key} label={t(`foot.${key}`)} description={t(`hint.${key}`)} choices={CHOICES[key]} labelOf={(value) => t(`choice.${key}.${value}` as never)} value={foot[key]} onChange={(value) => set({ [key]: value })} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
