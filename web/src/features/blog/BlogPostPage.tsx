import { Anchor, Badge, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { ApiError } from '../../api/errors';
import { LoadFailed } from '../../components/LoadFailed';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { directionOf } from '../../i18n/languages';
import { useLanguage } from '../../i18n/useLanguage';
import { NotFoundPage } from '../../components/NotFoundPage';
import type { Post } from './api';
import classes from './blog.module.css';
import { languageAttributes } from './PostCard';
import { PostBody } from './PostBody';
import { PostDate } from './PostDate';
import { usePost, useSocialEmbedSettings } from './queries';

/** One published post; an unknown or unpublished slug shows the not-found page. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  if (post.isPending) return <PageLoader />;
  if (post.isError) {
    if (post.error instanceof ApiError && post.error.status === 404) return <NotFoundPage />;
    return <LoadFailed error={post.error} onRetry={() => void post.refetch()} />;
  }
  return <PostArticle post={post.data} />;
}

function BackToBlog() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/blog" size="sm">
      <Group component="span" gap={4} display="inline-flex">
        <IconArrowLeft size={16} className="mantine-rotate-rtl" aria-hidden />
        {t('blog.backToBlog')}
      </Group>
    </Anchor>
  );
}

function PostArticle({ post }: { post: Post }) {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle('blogPost', post.title);
  const settings = useSocialEmbedSettings().data;
  const foreign = post.lang !== language;
  return (
    <Stack gap="lg">
      <BackToBlog />
      <article className={classes.article} {...languageAttributes(post.lang, language)}>
        <Title order={1}>{post.title}</Title>
        {/* The by-line is the interface's words, even when the post is in another language. */}
        <Group gap="sm" mt="sm" mb="lg" c="dimmed" fz="sm" {...(foreign ? { lang: language, dir: directionOf(language) } : {})}>
          {post.author && <Text span inherit>{t('blog.byAuthor', { author: post.author })}</Text>}
          <Text span inherit>
            <PostDate epochMs={post.publishedAt} />
          </Text>
          {post.category && (
            <Badge component={Link} to={`/blog?category=${encodeURIComponent(post.category.slug)}`} variant="light" color="pink" c="pink.9" style={{ cursor: 'pointer' }}>
              {post.category.name}
            </Badge>
          )}
        </Group>
        {post.cover && <Image src={post.cover} alt={t('blog.coverAlt', { title: post.title })} radius="md" mb="lg" className={classes.articleCover} />}
        <PostBody blocks={post.body} settings={settings} />
      </article>
    </Stack>
  );
}
