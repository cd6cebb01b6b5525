import { Anchor, Badge, Button, Tabs, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCurrentUser } from '../../../lib/session/session';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DeleteSelectedButton, RowActions } from '../components/RowActions';
import { DataTable, type Column } from '../components/DataTable';
import { notifySuccess } from '../components/notify';
import { textIn } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { useAdminCategories, useAdminPosts, useDeleteCategories, useDeletePosts, type CategoryRecord, type PostRecord } from './api';
import { CategoryForm } from './CategoryForm';
import { PostEditor } from './PostEditor';

/** Blog: posts (drafts included) and categories, each in its tab. */
export function BlogScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  const user = useCurrentUser();
  const posts = useAdminPosts();
  const categories = useAdminCategories();
  const deletePosts = useDeletePosts();
  const deleteCategories = useDeleteCategories();
  const [editingPost, setEditingPost] = useState<{ post?: PostRecord }>();
  const [editingCategory, setEditingCategory] = useState<{ category?: CategoryRecord }>();
  const [deletingPosts, setDeletingPosts] = useState<PostRecord[]>();
  const [deletingCategory, setDeletingCategory] = useState<CategoryRecord>();

  const title = (post: PostRecord) => textIn(post.translations, i18n.language, 'title', post.slug);
  const categoryName = (category: CategoryRecord) => textIn(category.translations, i18n.language, 'name', category.slug);
  const categoryOf = (post: PostRecord) => {
    const found = categories.data?.find((category) => category.slug === post.category);
    return found ? categoryName(found) : '';
  };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const postColumns: Column<PostRecord>[] = [
    {
      key: 'title',
      header: t('blog.title'),
      cell: (post) =>
        post.status === 'published' ? (
          <Anchor component={Link} to={`/blog/${post.slug}`}>
            {title(post)}
          </Anchor>
        ) : (
          title(post)
        ),
      sortValue: title,
      csv: title,
    },
    {
      key: 'status',
      header: t('blog.status'),
      cell: (post) => <Badge color={post.status === 'published' ? 'teal' : 'gray'}>{t(`blog.statuses.${post.status}`)}</Badge>,
      sortValue: (post) => post.status,
      csv: (post) => post.status,
    },
    { key: 'category', header: t('blog.category'), cell: categoryOf, sortValue: categoryOf, csv: categoryOf },
    {
      key: 'published',
      header: t('blog.publishedAt'),
      cell: (post) => (post.publishedAt === null ? '—' : date.format(post.publishedAt)),
      sortValue: (post) => post.publishedAt ?? 0,
      csv: (post) => (post.publishedAt === null ? '' : new Date(post.publishedAt).toISOString()),
    },
    { key: 'languages', header: t('form.languagesColumn'), cell: (post) => Object.keys(post.translations).join(', '), csv: (post) => Object.keys(post.translations).join(' ') },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (post) => <RowActions name={title(post)} onEdit={() => setEditingPost({ post })} onDelete={() => setDeletingPosts([post])} />,
    },
  ];

  const categoryColumns: Column<CategoryRecord>[] = [
    { key: 'name', header: t('categories.name'), cell: categoryName, sortValue: categoryName, csv: categoryName },
    { key: 'slug', header: t('categories.slug'), cell: (category) => <code>{category.slug}</code>, sortValue: (category) => category.slug, csv: (category) => category.slug },
    {
      key: 'description',
      header: t('categories.description'),
      cell: (category) => textIn(category.translations, i18n.language, 'description', ''),
      csv: (category) => textIn(category.translations, i18n.language, 'description', ''),
    },
    { key: 'posts', header: t('categories.postCount'), cell: (category) => category.postCount, sortValue: (category) => category.postCount, csv: (category) => category.postCount },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (category) => <RowActions name={categoryName(category)} onEdit={() => setEditingCategory({ category })} onDelete={() => setDeletingCategory(category)} />,
    },
  ];

  const failed = posts.error ?? categories.error;
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.blog')}
      </Title>
      {(posts.isPending || categories.isPending) && !failed && <PageLoader />}
      {failed && (
        <LoadFailed
          error={failed}
          onRetry={() => {
            void posts.refetch();
            void categories.refetch();
          }}
        />
      )}
      {posts.data && categories.data && (
        <Tabs defaultValue="posts" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="posts">{t('blog.posts')}</Tabs.Tab>
            <Tabs.Tab value="categories">{t('categories.title')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="posts">
            <DataTable
              label={t('blog.posts')}
              rows={posts.data}
              columns={postColumns}
              rowKey={(post) => post.slug}
              searchText={(post) => [post.slug, post.author, ...Object.values(post.translations).map((text) => `${text.title} ${text.excerpt}`)].join(' ')}
              emptyText={t('blog.empty')}
              actions={
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditingPost({})}>
                  {t('blog.newPost')}
                </Button>
              }
              bulkActions={(selected, clear) => <DeleteSelectedButton selected={selected} clear={clear} onDelete={setDeletingPosts} />}
            />
          </Tabs.Panel>
          <Tabs.Panel value="categories">
            <DataTable
              label={t('categories.title')}
              rows={categories.data}
              columns={categoryColumns}
              rowKey={(category) => category.slug}
              searchText={(category) => [category.slug, ...Object.values(category.translations).map((text) => `${text.name} ${text.description}`)].join(' ')}
              emptyText={t('categories.empty')}
              actions={
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditingCategory({})}>
                  {t('categories.add')}
                </Button>
              }
            />
          </Tabs.Panel>
        </Tabs>
      )}
      {editingPost && categories.data && (
        <PostEditor post={editingPost.post} categories={categories.data} author={user?.username ?? ''} onClose={() => setEditingPost(undefined)} />
      )}
      {editingCategory && <CategoryForm category={editingCategory.category} onClose={() => setEditingCategory(undefined)} />}
      <ConfirmDialog
        opened={deletingPosts !== undefined}
        title={deletingPosts?.length === 1 && deletingPosts[0] ? t('blog.deleteTitle', { title: title(deletingPosts[0]) }) : t('blog.deleteManyTitle', { count: deletingPosts?.length ?? 0 })}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          await deletePosts.mutateAsync(deletingPosts ?? []);
          notifySuccess(t('blog.deleted', { count: deletingPosts?.length ?? 0 }));
        }}
        onClose={() => setDeletingPosts(undefined)}
      >
        {t('blog.deleteText')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={deletingCategory !== undefined}
        title={t('categories.deleteTitle', { name: deletingCategory ? categoryName(deletingCategory) : '' })}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          await deleteCategories.mutateAsync(deletingCategory ? [deletingCategory] : []);
          notifySuccess(t('categories.deleted'));
        }}
        onClose={() => setDeletingCategory(undefined)}
      >
        {t('categories.deleteText', { count: deletingCategory?.postCount ?? 0 })}
      </ConfirmDialog>
    </>
  );
}
