import { Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { PostBody, useSocialEmbedSettings } from '../../blog';
import { useAdminText } from '../adminTexts';
import { PREVIEW_DEBOUNCE_MS } from '../components/preview';
import { ADMIN_NAMESPACE } from '../i18n';
import { postPreviewQuery } from './api';

/** The live preview: the server renders the Markdown exactly as readers will get it, embeds included. */
export function PostPreview({ title, markdown, language }: { title: string; markdown: string; language: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const [debounced] = useDebouncedValue(markdown, PREVIEW_DEBOUNCE_MS);
  const settings = useSocialEmbedSettings();
  const preview = useQuery({ ...postPreviewQuery(debounced), enabled: debounced.trim() !== '' });
  return (
    <Paper withBorder p="md" radius="md" aria-label={t('blog.preview')} role="region" lang={language} dir={language === 'he' ? 'rtl' : 'ltr'}>
      <Text size="xs" c="dimmed" mb="xs" aria-live="polite">
        {t('blog.preview')} {(preview.isFetching || debounced !== markdown) && <Loader size={10} aria-label={t('blog.previewUpdating')} />}
      </Text>
      {title && <h1 style={{ marginTop: 0 }}>{title}</h1>}
      {debounced.trim() === '' ? (
        <Text c="dimmed">{t('blog.previewEmpty')}</Text>
      ) : preview.isError ? (
        <Text c="red" role="alert">
          {errorText(preview.error)}
        </Text>
      ) : (
        preview.data && <PostBody blocks={preview.data.body} settings={settings.data} />
      )}
    </Paper>
  );
}
