import { Anchor, Badge, Card, Group, Image, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { directionOf } from '../../i18n/languages';
import { useLanguage } from '../../i18n/useLanguage';
import type { PostSummary } from './api';
import classes from './blog.module.css';
import { PostDate } from './PostDate';

/** `lang` and `dir` for text in `textLanguage`, when it is not the interface's language. */
export function languageAttributes(textLanguage: string, interfaceLanguage: string) {
  return textLanguage === interfaceLanguage ? {} : { lang: textLanguage, dir: directionOf(textLanguage) };
}

export function postPath(slug: string) {
  return `/blog/${encodeURIComponent(slug)}`;
}

export function PostCard({ post }: { post: PostSummary }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="article" data-testid="post-card">
      {post.cover && (
        <Card.Section>
          <Image src={post.cover} alt={t('blog.coverAlt', { title: post.title })} loading="lazy" className={classes.cover} />
        </Card.Section>
      )}
      <Group justify="space-between" gap="xs" mt="md">
        {post.category ? (
          <Badge variant="light" color="pink" c="pink.9">
            {post.category.name}
          </Badge>
        ) : (
          <span />
        )}
        <Text size="sm" c="dimmed">
          <PostDate epochMs={post.publishedAt} />
        </Text>
      </Group>
      <div className={classes.grow} {...languageAttributes(post.lang, language)}>
        <Title order={2} size="h4" mt="sm">
          {post.title}
        </Title>
        <Text size="sm" mt="xs">
          {post.excerpt}
        </Text>
      </div>
      <Anchor component={Link} to={postPath(post.slug)} className={classes.readMore} aria-label={t('blog.readMoreAbout', { title: post.title })}>
        {t('blog.readMore')}
      </Anchor>
    </Card>
  );
}
