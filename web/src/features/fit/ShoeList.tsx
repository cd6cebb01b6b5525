import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useFinder, type Family } from '../finder';
import { ChoiceSelect, RangeInput, type FieldErrorOf } from './fields';
import { FIT_NAMESPACE } from './i18n';
import { CHOICES, RANGES, SHOES_MAX, SHOE_TEXT_MAX, type WornShoe } from './profile';

/** The options of the model picker: each maker's families, and a family's variants under it. */
function modelOptions(families: Family[]) {
  const byMaker = new Map<string, { value: string; label: string }[]>();
  for (const family of families) {
    const items = byMaker.get(family.brandName) ?? [];
    items.push({ value: family.id, label: family.name });
    if (family.variants.length > 1) items.push(...family.variants.map((variant) => ({ value: variant.id, label: variant.name })));
    byMaker.set(family.brandName, items);
  }
  return [...byMaker].map(([group, items]) => ({ group, items }));
}

/** The pairs she wore, newest first: add, change, remove. */
export function ShoeList({ shoes, onChange, errorOf }: { shoes: WornShoe[]; onChange: (shoes: WornShoe[]) => void; errorOf: FieldErrorOf }) {
  const { t } = useTranslation(FIT_NAMESPACE);
  const finder = useFinder();
  const options = useMemo(() => (finder.data ? modelOptions(finder.data.families) : []), [finder.data]);
  const change = (index: number, shoe: WornShoe) => onChange(shoes.map((current, at) => (at === index ? shoe : current)));
  return (
    <Stack component="section" aria-labelledby="fit-shoes" gap="sm">
      <Title order={2} size="h3" id="fit-shoes">
        {t('shoes.title')}
      </Title>
      <Text size="sm">{t('shoes.intro')}</Text>
      {shoes.length === 0 && <Text c="dimmed">{t('shoes.none')}</Text>}
      {shoes.map((shoe, index) => (
        <ShoeFields key={index} index={index} shoe={shoe} options={options} loading={finder.isPending} onChange={(changed) => change(index, changed)} onRemove={() => onChange(shoes.filter((_, at) => at !== index))} errorOf={errorOf} />
      ))}
      <Group>
        <Button variant="light" disabled={shoes.length >= SHOES_MAX} onClick={() => onChange([...shoes, { current: shoes.length === 0 }])}>
          {t('shoes.add')}
        </Button>
        {shoes.length >= SHOES_MAX && <Text size="sm">{t('shoes.full', { count: SHOES_MAX })}</Text>}
      </Group>
    </Stack>
  );
}

function ShoeFields({ index, shoe, options, loading, onChange, onRemove, errorOf }: {
  index: number;
  shoe: WornShoe;
  options: ReturnType<typeof modelOptions>;
  loading: boolean;
  onChange: (shoe: WornShoe) => void;
  onRemove: () => void;
  errorOf: FieldErrorOf;
}) {
  const { t } = useTranslation(FIT_NAMESPACE);
  const set = (patch: Partial<WornShoe>) => onChange({ ...shoe, ...patch });
  const known = options.some((group) => group.items.some((item) => item.value === shoe.model));
  // A model no longer in the catalogue stays as she chose it, named by its id.
  const data = shoe.model && !known && !loading ? [...options, { group: '—', items: [{ value: shoe.model, label: t('shoes.gone', { id: shoe.model }) }] }] : options;
  const text = (field: 'size' | 'width' | 'shank') => (
    <TextInput label={t(`shoes.${field}`)} maxLength={SHOE_TEXT_MAX} value={shoe[field] ?? ''} onChange={(event) => set({ [field]: event.currentTarget.value })} error={errorOf(`shoes.${index}.${field}`)} />
  );
  const headingId = `fit-shoe-${index}`;
  return (
    <Paper role="group" withBorder p="sm" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600} id={headingId}>
            {t('shoes.pair', { number: index + 1 })}
          </Text>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
            {t('shoes.remove')}
          </Button>
        </Group>
        <Select
          label={t('shoes.model')}
          placeholder={t('shoes.modelPlaceholder')}
          data={data}
          searchable
          clearable
          limit={60}
          disabled={loading && !shoe.model}
          value={shoe.model ?? null}
          onChange={(model) => set({ model })}
          error={errorOf(`shoes.${index}.model`)}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {text('size')}
          {text('width')}
          {text('shank')}
          <ChoiceSelect label={t('shoes.padding')} choices={CHOICES.padding} labelOf={(value) => t(`choice.padding.${value}`)} value={shoe.padding} onChange={(padding) => set({ padding })} />
        </SimpleGrid>
        <Checkbox.Group label={t('shoes.hurt')} value={shoe.hurt ?? []} onChange={(hurt) => set({ hurt: CHOICES.hurt.filter((place) => hurt.includes(place)) })}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            {CHOICES.hurt.map((place) => (
              <Checkbox key={place} value={place} label={t(`choice.hurt.${place}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Checkbox.Group label={t('shoes.failed')} value={shoe.failed ?? []} onChange={(failed) => set({ failed: CHOICES.failed.filter((way) => failed.includes(way)) })}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
            {CHOICES.failed.map((way) => (
              <Checkbox key={way} value={way} label={t(`choice.failed.${way}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RangeInput
            label={t('shoes.hours')}
            description={t('shoes.hoursHint')}
            range={RANGES.hours}
            value={shoe.hours}
            onChange={(hours) => set({ hours })}
            error={errorOf(`shoes.${index}.hours`)}
          />
          <Checkbox mt="lg" label={t('shoes.current')} checked={shoe.current === true} onChange={(event) => set({ current: event.currentTarget.checked })} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
