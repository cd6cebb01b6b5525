import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { PagePicker } from '../../components/PagePicker';
import { usePageTitle } from '../../components/usePageTitle';
import { QueryState } from '../../components/QueryState';
import type { PostPage } from './api';
import classes from './blog.module.css';
import { PostCard } from './PostCard';
import { useBlogCategories, usePosts } from './queries';

/** `?page=` as a whole number from 1; anything else is the first page. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The address of a page of the list, `category` kept when given. */
function listPath(page: number, category: string | undefined): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}

/** The published posts, newest first, six to a page (`?page=2`), optionally of one category (`?category=fitting`). */
export function BlogPage() {
  const { t } = useTranslation();
  usePageTitle('blog');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const category = params.get('category') || undefined;
  const posts = usePosts(page, category);
  const heading = useRef<HTMLHeadingElement>(null);

  const goToPage = (next: number) => {
    const changed = new URLSearchParams(params);
    if (next > 1) changed.set('page', String(next));
    else changed.delete('page');
    setParams(changed);
    heading.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      <Title order={1} ref={heading}>
        {t('blog.title')}
      </Title>
      <Text mt="sm" mb="lg" maw={720}>
        {t('blog.intro')}
      </Text>
      <CategoryFilter active={category} />
      <QueryState query={posts}>
        {(data) => <PostList data={data} page={page} category={category} loading={posts.isPlaceholderData} onPage={goToPage} />}
      </QueryState>
    </>
  );
}

/** Links to every category that has posts, and to all posts; choosing one starts again at page 1. */
function CategoryFilter({ active }: { active: string | undefined }) {
  const { t } = useTranslation();
  const categories = (useBlogCategories().data ?? []).filter((category) => category.postCount > 0);
  if (categories.length === 0) return null;
  const choices = [{ slug: undefined, name: t('blog.allCategories') }, ...categories];
  return (
    <nav aria-label={t('blog.categoriesLabel')}>
      <ul className={classes.filters}>
        {choices.map((choice) => {
          const current = choice.slug === active;
          return (
            <li key={choice.slug ?? ''}>
              <Button
                component={Link}
                to={listPath(1, choice.slug)}
                size="xs"
                radius="xl"
                color="pink.9"
                variant={current ? 'filled' : 'light'}
                aria-current={current ? 'page' : undefined}
              >
                {choice.name}
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

interface PostListProps {
  data: PostPage;
  /** The page asked for (the data may still be the previous one's while it loads). */
  page: number;
  category: string | undefined;
  loading: boolean;
  onPage: (page: number) => void;
}

function PostList({ data, page, category, loading, onPage }: PostListProps) {
  const { t } = useTranslation();
  if (data.posts.length === 0) {
    // Posts exist, but not on this page (an old link, or fewer posts since): offer the first page.
    if (data.total > 0) {
      return (
        <Stack align="flex-start" gap="sm">
          <Text>{t('blog.pastEnd')}</Text>
          <Anchor component={Link} to={listPath(1, category)}>
            {t('blog.firstPage')}
          </Anchor>
        </Stack>
      );
    }
    return category ? (
      <Stack align="flex-start" gap="sm">
        <Text>{t('blog.emptyCategory')}</Text>
        <Anchor component={Link} to="/blog">
          {t('blog.allPosts')}
        </Anchor>
      </Stack>
    ) : (
      <Text>{t('blog.empty')}</Text>
    );
  }
  return (
    <>
      <ResponsiveGrid cols={{ sm: 2, md: 3 }} spacing="lg" aria-busy={loading} className={loading ? classes.loading : undefined}>
        {data.posts.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
      </ResponsiveGrid>
      {data.pageCount > 1 && (
        <PagePicker label={t('blog.pagerLabel')} total={data.pageCount} page={Math.min(page, data.pageCount)} onChange={onPage} />
      )}
    </>
  );
}
