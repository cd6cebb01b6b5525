import { Alert, Checkbox, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ChoiceSelect, numberOrNull, type FieldErrorOf } from './fields';
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
        <NumberInput
          label={t('dancing.years')}
          min={RANGES.years[0]}
          max={RANGES.years[1]}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={dancing.years ?? ''}
          onChange={(value) => set({ years: numberOrNull(value) })}
          error={errorOf('dancing.years')}
        />
        <NumberInput
          label={t('dancing.hoursPerWeek')}
          description={t('dancing.hoursHint')}
          min={RANGES.hoursPerWeek[0]}
          max={RANGES.hoursPerWeek[1]}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={dancing.hoursPerWeek ?? ''}
          onChange={(value) => set({ hoursPerWeek: numberOrNull(value) })}
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
    <NumberInput
      label={t('strength.releves', { side: t(`strength.${side}`) })}
      min={RANGES.releves[0]}
      max={RANGES.releves[1]}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      value={strength[key] ?? ''}
      onChange={(value) => onChange({ ...strength, [key]: numberOrNull(value) })}
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
