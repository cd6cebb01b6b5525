import { Alert, Checkbox, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ChoiceSelect, RangeInput, type FieldErrorOf } from './fields';
import { FIT_NAMESPACE } from './i18n';
import { CHOICES, RANGES, type FitProfile } from './profile';

type Dancing = NonNullable<FitProfile['dancing']>;
type Strength = NonNullable<FitProfile['strength']>;

/** Her level, years and hours, and her teacher's sign-off. */
export function DancingFields({ dancing, onChange, errorOf }: { dancing: Dancing; onChange: (dancing: Dancing) => void; errorOf: FieldErrorOf }) {
  const { t } = useTranslation(FIT_NAMESPACE);
  const set = (patch: Partial<Dancing>) => onChange({ ...dancing, ...patch });
  return (
    <Stack component="section" aria-labelledby="fit-dancing" gap="sm">
      <Title order={2} size="h3" id="fit-dancing">
        {t('dancing.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ChoiceSelect label={t('dancing.level')} description={t('dancing.levelHint')} choices={CHOICES.level} labelOf={(value) => t(`choice.level.${value}`)} value={dancing.level} onChange={(level) => set({ level })} />
        <RangeInput label={t('dancing.years')} range={RANGES.years} value={dancing.years} onChange={(years) => set({ years })} error={errorOf('dancing.years')} />
        <RangeInput
          label={t('dancing.hoursPerWeek')}
          description={t('dancing.hoursHint')}
          range={RANGES.hoursPerWeek}
          value={dancing.hoursPerWeek}
          onChange={(hoursPerWeek) => set({ hoursPerWeek })}
          error={errorOf('dancing.hoursPerWeek')}
        />
      </SimpleGrid>
      <Checkbox
        label={t('dancing.teacherApproved')}
        description={t('dancing.teacherHint')}
        checked={dancing.teacherApproved === true}
        onChange={(event) => set({ teacherApproved: event.currentTarget.checked })}
      />
    </Stack>
  );
}

/** Single-leg relevés on each leg, with how to count them. */
export function StrengthFields({ strength, onChange, errorOf }: { strength: Strength; onChange: (strength: Strength) => void; errorOf: FieldErrorOf }) {
  const { t } = useTranslation(FIT_NAMESPACE);
  const { relevesLeft: left, relevesRight: right } = strength;
  const weaker = typeof left === 'number' && typeof right === 'number' && Math.abs(left - right) >= 5;
  const field = (side: 'left' | 'right', key: 'relevesLeft' | 'relevesRight') => (
    <RangeInput
      label={t('strength.releves', { side: t(`strength.${side}`) })}
      range={RANGES.releves}
      value={strength[key]}
      onChange={(releves) => onChange({ ...strength, [key]: releves })}
      error={errorOf(`strength.${key}`)}
    />
  );
  return (
    <Stack component="section" aria-labelledby="fit-strength" gap="sm">
      <Title order={2} size="h3" id="fit-strength">
        {t('strength.title')}
      </Title>
      <Text size="sm">{t('strength.howTo')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {field('left', 'relevesLeft')}
        {field('right', 'relevesRight')}
      </SimpleGrid>
      {weaker && (
        <Alert color="orange" variant="light">
          {t('strength.weaker')}
        </Alert>
      )}
    </Stack>
  );
}
