import { Box, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAdminText } from '../adminTexts';
import { ADMIN_NAMESPACE } from '../i18n';
import { PREVIEW_DEBOUNCE_MS } from '../components/preview';
import { TestEmailSender } from '../components/TestEmailSender';
import { sendTemplateTest, templatePreviewQuery, type TemplateVersion } from './api';

/** The widths the preview shows the e-mail at: a desktop mail client's column and a phone. */
const WIDTHS = { desktop: 640, phone: 375 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The e-mail as members get it (rendered by the server with sample values) in a sandboxed frame, at a
 * desktop or a phone width, and a test message of it to an address the admin types.
 */
export function TemplatePreview({ version }: { version: TemplateVersion }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const { errorText } = useAdminText();
  // Debounced as a string: an object made anew on each render would never settle.
  const current = JSON.stringify(version);
  const [settled] = useDebouncedValue(current, PREVIEW_DEBOUNCE_MS);
  const debounced = useMemo(() => JSON.parse(settled) as TemplateVersion, [settled]);
  const [width, setWidth] = useState<Width>('desktop');
  const written = debounced.subject.trim() !== '' && debounced.body.trim() !== '';
  const preview = useQuery({ ...templatePreviewQuery(debounced), enabled: written });
  const stale = preview.isFetching || settled !== current;
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={t('templates.preview')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={500} aria-live="polite">
            {t('templates.preview')} {written && stale && <Loader size={10} aria-label={t('templates.previewUpdating')} />}
          </Text>
          <SegmentedControl
            size="xs"
            value={width}
            onChange={(value) => setWidth(value === 'phone' ? 'phone' : 'desktop')}
            aria-label={t('templates.previewWidth')}
            data={[
              { value: 'desktop', label: t('templates.desktop') },
              { value: 'phone', label: t('templates.phone') },
            ]}
          />
        </Group>
        {!written ? (
          <Text c="dimmed" size="sm">
            {t('templates.previewEmpty')}
          </Text>
        ) : preview.isError ? (
          <Text c="red" role="alert" size="sm">
            {errorText(preview.error)}
          </Text>
        ) : preview.data ? (
          <>
            <Text size="sm" lang={version.lang} dir={version.lang === 'he' ? 'rtl' : 'ltr'}>
              <Text span c="dimmed" size="sm">
                {t('templates.subject')}:{' '}
              </Text>
              {preview.data.subject}
            </Text>
            <Box style={{ overflowX: 'auto' }}>
              {/* No scripts, no forms, not this site's origin: the e-mail cannot reach the admin's session. */}
              <iframe
                title={t('templates.previewFrame', { language: tCommon(`languages.${version.lang}`) })}
                sandbox=""
                srcDoc={preview.data.html}
                style={{ display: 'block', width: WIDTHS[width], maxWidth: width === 'phone' ? WIDTHS.phone : '100%', height: 560, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#fff' }}
              />
            </Box>
          </>
        ) : (
          <Loader size="sm" aria-label={t('templates.previewUpdating')} />
        )}
        <TestSend version={version} disabled={!written} />
      </Stack>
    </Paper>
  );
}

/** "Send a test": the version as it stands, with the sample values. */
function TestSend({ version, disabled }: { version: TemplateVersion; disabled: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <TestEmailSender
      send={(to) => sendTemplateTest(to, version)}
      disabled={disabled}
      texts={{
        title: t('templates.testTitle'),
        to: t('templates.testTo'),
        send: t('templates.testSend'),
        sent: (to) => t('templates.testSent', { to }),
        failed: t('templates.testFailed'),
      }}
    />
  );
}
