import { Alert, Box, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { email } from '../../../lib/form/validation';
import { queryKeys } from '../../../lib/queryKeys';
import { useCurrentUser } from '../../../lib/session/session';
import { useAdminText } from '../adminTexts';
import { ADMIN_NAMESPACE } from '../i18n';
import { PREVIEW_DEBOUNCE_MS } from '../blog/PostPreview';
import { previewTemplate, sendTemplateTest, type TemplateVersion } from './api';

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
  const preview = useQuery({
    queryKey: queryKeys.admin.templates.preview(debounced),
    queryFn: ({ signal }) => previewTemplate(debounced, signal),
    placeholderData: keepPreviousData,
    enabled: written,
    retry: false,
  });
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

type Outcome = { sent: true; to: string } | { sent: false; message: string };

/** "Send a test": the version as it stands, with the sample values, to an address (the admin's own at first). */
function TestSend({ version, disabled }: { version: TemplateVersion; disabled: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { text, errorText } = useAdminText();
  const id = useId();
  const [to, setTo] = useState(useCurrentUser()?.email ?? '');
  const [invalid, setInvalid] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const send = async () => {
    setOutcome(undefined);
    const problem = email(to);
    setInvalid(problem);
    if (problem) return;
    setBusy(true);
    try {
      await sendTemplateTest(to.trim(), version);
      setOutcome({ sent: true, to: to.trim() });
    } catch (failure) {
      setOutcome({ sent: false, message: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  // Not a form of its own: it sits inside the editor's form.
  return (
    <Stack gap={4} role="group" aria-labelledby={id}>
      <Text size="sm" fw={500} id={id}>
        {t('templates.testTitle')}
      </Text>
      <Group align="flex-start" gap="xs">
        <TextInput
          aria-label={t('templates.testTo')}
          type="email"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void send();
            }
          }}
          error={invalid ? text(invalid) : undefined}
          aria-invalid={invalid ? true : undefined}
          style={{ flex: 1, minWidth: '12rem' }}
        />
        <Button variant="light" onClick={() => void send()} loading={busy} disabled={disabled}>
          {t('templates.testSend')}
        </Button>
      </Group>
      {outcome?.sent === true && (
        <Alert color="teal" role="status" p="xs">
          {t('templates.testSent', { to: outcome.to })}
        </Alert>
      )}
      {outcome?.sent === false && (
        <Alert color="red" role="alert" p="xs">
          {`${t('templates.testFailed')} ${outcome.message}`}
        </Alert>
      )}
    </Stack>
  );
}
