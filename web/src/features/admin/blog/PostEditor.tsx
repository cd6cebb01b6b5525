import { Grid, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useForm } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { AdminFormModal, showSaveError } from '../components/AdminFormModal';
import { checkTexts, flattenTexts, gatherTexts, languageHasErrors, textIn, textKey, type FlatValues } from '../components/translationFields';
import { ImageField } from '../components/ImageField';
import { LanguageTabs } from '../components/LanguageTabs';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { required, slug, webAddress } from '../validation';
import { useSavePost, type CategoryRecord, type PostRecord, type PostText } from './api';
import { PostPreview } from './PostPreview';

const TEXT_FIELDS = ['title', 'excerpt', 'body'] as const;

/** Epoch ms as the value of a `datetime-local` input (the browser's time zone), and back. */
const toLocalInput = (ms: number | null) => {
  if (ms === null) return '';
  const date = new Date(ms);
  return new Date(ms - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value === '' ? null : new Date(value).getTime());

function initialValues(post: PostRecord | undefined, author: string): FlatValues {
  return {
    slug: post?.slug ?? '',
    category: post?.category ?? '',
    author: post?.author ?? author,
    cover: post?.cover ?? '',
    status: post?.status ?? 'draft',
    publishedAt: toLocalInput(post?.publishedAt ?? null),
    ...flattenTexts<PostText>(post?.translations ?? {}, TEXT_FIELDS),
  };
}

function check(values: FlatValues, isNew: boolean) {
  const errors = checkTexts(values, TEXT_FIELDS, (language, found) => {
    found[textKey(language, 'title')] = required(values[textKey(language, 'title')], 150);
    found[textKey(language, 'excerpt')] = required(values[textKey(language, 'excerpt')], 300);
    found[textKey(language, 'body')] = required(values[textKey(language, 'body')], 100_000);
  });
  return { ...errors, slug: isNew ? slug(values.slug) : undefined, author: required(values.author, 100), cover: webAddress(values.cover, false) };
}

interface PostEditorProps {
  post?: PostRecord;
  categories: CategoryRecord[];
  author: string;
  onClose: () => void;
}

/** Writes a post in five languages, Markdown beside its live preview; saves it as a draft or published. */
export function PostEditor({ post, categories, author, onClose }: PostEditorProps) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { problemText, errorText } = useAdminText();
  const isNew = post === undefined;
  const savePost = useSavePost();
  const form = useForm(initialValues(post, author), (values) => check(values, isNew), problemText);

  const submit = form.onSubmit(async () => {
    const { values } = form;
    const draft = {
      slug: (values.slug ?? '').trim(),
      category: values.category || null,
      author: (values.author ?? '').trim(),
      cover: (values.cover ?? '').trim(),
      status: values.status === 'published' ? ('published' as const) : ('draft' as const),
      publishedAt: fromLocalInput(values.publishedAt ?? ''),
      translations: gatherTexts<PostText>(values, TEXT_FIELDS),
    };
    try {
      const saved = await savePost.mutateAsync({ draft, isNew });
      notifySuccess(t(saved.status === 'published' ? 'blog.savedPublished' : 'blog.savedDraft', { title: saved.translations.he?.title ?? saved.slug }));
      onClose();
    } catch (failure) {
      showSaveError(form, failure, errorText);
    }
  });

  const categoryName = (category: CategoryRecord) => textIn(category.translations, i18n.language, 'name', category.slug);
  return (
    <AdminFormModal title={t(isNew ? 'blog.newPost' : 'blog.editPost')} form={form} onSubmit={submit} onClose={onClose} fullScreen>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <TextInput label={t('blog.slug')} description={t('blog.slugHint')} required={isNew} disabled={!isNew} {...form.textField('slug')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <TextInput label={t('blog.author')} required {...form.textField('author')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <Select
                label={t('blog.category')}
                name="category"
                data={categories.map((category) => ({ value: category.slug, label: categoryName(category) }))}
                value={form.values.category || null}
                onChange={(value) => form.setValue('category', value ?? '')}
                error={form.errorOf('category')}
                clearable
                placeholder={t('blog.noCategory')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <TextInput type="datetime-local" label={t('blog.publishedAt')} description={t('blog.publishedAtHint')} {...form.textField('publishedAt')} />
            </Grid.Col>
          </Grid>
          <ImageField label={t('blog.cover')} name="cover" value={form.values.cover ?? ''} onChange={(url) => form.setValue('cover', url)} error={form.errorOf('cover')} />
          <div>
            <Text size="sm" fw={500} mb={4} id="post-status">
              {t('blog.status')}
            </Text>
            <SegmentedControl
              aria-labelledby="post-status"
              value={form.values.status ?? 'draft'}
              onChange={(value) => form.setValue('status', value)}
              data={[
                { value: 'draft', label: t('blog.statuses.draft') },
                { value: 'published', label: t('blog.statuses.published') },
              ]}
            />
          </div>
          <LanguageTabs hasErrors={(language) => languageHasErrors(form, language)}>
            {(language) => (
              <Grid gap="md">
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Stack gap="sm">
                    <TextInput label={t('blog.title')} required={language === 'he'} {...form.textField(textKey(language, 'title'))} />
                    <Textarea label={t('blog.excerpt')} required={language === 'he'} autosize minRows={2} {...form.textField(textKey(language, 'excerpt'))} />
                    <Textarea
                      label={t('blog.body')}
                      description={t('blog.bodyHint')}
                      required={language === 'he'}
                      autosize
                      minRows={12}
                      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                      {...form.textField(textKey(language, 'body'))}
                    />
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <PostPreview title={form.values[textKey(language, 'title')] ?? ''} markdown={form.values[textKey(language, 'body')] ?? ''} language={language} />
                </Grid.Col>
              </Grid>
            )}
          </LanguageTabs>
    </AdminFormModal>
  );
}
