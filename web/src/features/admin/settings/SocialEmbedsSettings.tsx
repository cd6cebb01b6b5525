import { Card, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError, isQueuedWrite } from '../../../api/errors';
import { refresh } from '../../../lib/queryKeys';
import { socialEmbedSettingsSchema, socialEmbedsQuery, type SocialEmbedSettings } from '../../blog';
import { useAdminText } from '../adminTexts';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { between } from '../validation';
import { settingsKey, useSaveSettings, useSettings } from './api';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';

/** Instagram's embed accepts these widths (server/src/settings/social_embeds.rs). */
const INSTAGRAM_WIDTH = { min: 320, max: 1000 };

/** How posts show YouTube, Instagram, Facebook and X content (spec §3); a disabled provider shows a plain link. */
export function SocialEmbedsSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('social-embeds', socialEmbedSettingsSchema);
  return (
    <SettingsCard title={t('embeds.title')} intro={t('embeds.intro')} settings={stored}>
      {(settings) => <EmbedsForm initial={settings} />}
    </SettingsCard>
  );
}

function EmbedsForm({ initial }: { initial: SocialEmbedSettings }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const client = useQueryClient();
  const saveSettings = useSaveSettings('social-embeds', socialEmbedSettingsSchema);
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const widthError = between(settings.instagram.maxWidth, INSTAGRAM_WIDTH.min, INSTAGRAM_WIDTH.max);

  const set = <P extends keyof SocialEmbedSettings>(provider: P, change: Partial<SocialEmbedSettings[P]>) =>
    setSettings((current) => ({ ...current, [provider]: { ...current[provider], ...change } }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (widthError) return;
    setBusy(true);
    setError(undefined);
    try {
      const saved = await saveSettings(settings);
      const publicKey = socialEmbedsQuery().queryKey;
      client.setQueryData(publicKey, saved);
      await refresh(client, [publicKey, settingsKey('social-embeds')]);
      notifySuccess(t('embeds.saved'));
    } catch (failure) {
      // Made offline, it waits in the offline queue (the network indicator says so).
      if (!isQueuedWrite(failure)) setError(failure instanceof ApiError && failure.fields['instagram.maxWidth'] ? problemText(failure.fields['instagram.maxWidth']) : errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const provider = (name: keyof SocialEmbedSettings, children: React.ReactNode) => (
    <Card withBorder radius="sm" padding="sm">
      <Stack gap="xs">
        <Switch
          label={<Text fw={600}>{t(`embeds.providers.${name}`)}</Text>}
          checked={settings[name].enabled}
          onChange={(event) => set(name, { enabled: event.currentTarget.checked })}
        />
        <Stack gap="xs" opacity={settings[name].enabled ? 1 : 0.6}>
          {children}
        </Stack>
      </Stack>
    </Card>
  );

  return (
    <SettingsForm onSubmit={save} error={error} busy={busy} saveDisabled={widthError !== undefined}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {provider(
          'youtube',
          <>
            <Switch label={t('embeds.autoplay')} description={t('embeds.autoplayHint')} checked={settings.youtube.autoplay} onChange={(event) => set('youtube', { autoplay: event.currentTarget.checked })} />
            <Switch label={t('embeds.showControls')} checked={settings.youtube.showControls} onChange={(event) => set('youtube', { showControls: event.currentTarget.checked })} />
          </>,
        )}
        {provider(
          'instagram',
          <>
            <Switch label={t('embeds.showCaptions')} checked={settings.instagram.showCaptions} onChange={(event) => set('instagram', { showCaptions: event.currentTarget.checked })} />
            <NumberInput
              label={t('embeds.maxWidth')}
              min={INSTAGRAM_WIDTH.min}
              max={INSTAGRAM_WIDTH.max}
              value={settings.instagram.maxWidth}
              onChange={(value) => set('instagram', { maxWidth: typeof value === 'number' ? value : Number(value) || 0 })}
              error={widthError ? problemText(widthError) : undefined}
              suffix=" px"
              // Out of range stays as typed, with the error, rather than turning into the limit on blur.
              clampBehavior="none"
            />
          </>,
        )}
        {provider(
          'facebook',
          <Switch label={t('embeds.showText')} checked={settings.facebook.showText} onChange={(event) => set('facebook', { showText: event.currentTarget.checked })} />,
        )}
        {provider(
          'twitter',
          <div>
            <Text size="sm" mb={4} id="twitter-theme">
              {t('embeds.theme')}
            </Text>
            <SegmentedControl
              aria-labelledby="twitter-theme"
              value={settings.twitter.theme}
              onChange={(value) => set('twitter', { theme: value === 'dark' ? 'dark' : 'light' })}
              data={[
                { value: 'light', label: t('embeds.light') },
                { value: 'dark', label: t('embeds.dark') },
              ]}
            />
          </div>,
        )}
      </SimpleGrid>
    </SettingsForm>
  );
}
