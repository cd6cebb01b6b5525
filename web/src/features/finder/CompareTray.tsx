import { Button, CloseButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { FINDER_NAMESPACE } from './i18n';
import type { Family, Model } from './api';
import { findModel } from './families';
import classes from './finder.module.css';

/** How many models can be set side by side. */
export const MAX_COMPARED = 4;

/** The URL parameter of the models picked to compare, in the finder and on the comparison page. */
export const COMPARE_PARAM = 'compare';

/** The families or variants `params` picks to compare (known ones, at most four, each once). */
export function pickedIn(params: URLSearchParams, families: Family[]): Model[] {
  const ids = [...new Set((params.get(COMPARE_PARAM) ?? '').split(',').filter(Boolean))];
  return ids
    .map((id) => findModel(families, id))
    .filter((model): model is Model => model !== undefined)
    .slice(0, MAX_COMPARED);
}

/** `params` picking `ids` to compare. */
export function withPicked(params: URLSearchParams, ids: string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (ids.length > 0) next.set(COMPARE_PARAM, ids.slice(0, MAX_COMPARED).join(','));
  else next.delete(COMPARE_PARAM);
  return next;
}

/** The models picked so far, and the way to the comparison once there are two. */
export function CompareTray({ picked, onRemove }: { picked: Model[]; onRemove: (id: string) => void }) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  if (picked.length === 0) return null;
  const ids = picked.map((model) => model.id).join(',');
  return (
    <section className={classes.tray} aria-label={t('compare.tray')}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('compare.picked', { count: picked.length, max: MAX_COMPARED })}
          </Text>
          {picked.map((model) => (
            <Group key={model.id} gap={2} wrap="nowrap">
              <Text size="sm">{model.name}</Text>
              <CloseButton size="sm" aria-label={t('compare.remove', { name: model.name })} onClick={() => onRemove(model.id)} />
            </Group>
          ))}
        </Group>
        {picked.length >= 2 ? (
          <Button component={Link} to={`/finder/compare?${COMPARE_PARAM}=${ids}`}>
            {t('compare.open', { count: picked.length })}
          </Button>
        ) : (
          <Text size="sm">{t('compare.pickMore')}</Text>
        )}
      </Group>
    </section>
  );
}
