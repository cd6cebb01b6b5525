import { Anchor, Badge, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCurrentUser } from '../../../lib/session/session';
import type { Column } from '../components/DataTable';
import { EditableTable } from '../components/EditableTable';
import { ListScreen } from '../components/ListScreen';
import { notifySuccess } from '../components/notify';
import { textIn } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { useAdminCategories, useAdminPosts, useDeleteCategories, useDeletePosts, type CategoryRecord, type PostRecord } from './api';
import { CategoryForm } from './CategoryForm';
import { PostEditor } from './PostEditor';

/** Blog: posts (drafts included) and categories, each in its tab. */
export function BlogScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const user = useCurrentUser();
  const posts = useAdminPosts();
  const categories = useAdminCategories();
  const deletePosts = useDeletePosts();
  const deleteCategories = useDeleteCategories();

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
  ];

  return (
    <ListScreen title={t('screens.blog')} queries={[posts, categories]}>
      {([postList, categoryList]) => (
        <Tabs defaultValue="posts" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="posts">{t('blog.posts')}</Tabs.Tab>
            <Tabs.Tab value="categories">{t('categories.title')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="posts">
            <EditableTable
              label={t('blog.posts')}
              rows={postList}
              columns={postColumns}
              rowKey={(post) => post.slug}
              rowName={title}
              searchText={(post) => [post.slug, post.author, ...Object.values(post.translations).map((text) => `${text.title} ${text.excerpt}`)].join(' ')}
              emptyText={t('blog.empty')}
              addLabel={t('blog.newPost')}
              editor={(post, close) => <PostEditor post={post} categories={categoryList} author={user?.username ?? ''} onClose={close} />}
              deletion={{
                bulk: true,
                title: (deleting) => (deleting.length === 1 && deleting[0] ? t('blog.deleteTitle', { title: title(deleting[0]) }) : t('blog.deleteManyTitle', { count: deleting.length })),
                text: () => t('blog.deleteText'),
                confirm: async (deleting) => {
                  await deletePosts.mutateAsync(deleting);
                  notifySuccess(t('blog.deleted', { count: deleting.length }));
                },
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="categories">
            <EditableTable
              label={t('categories.title')}
              rows={categoryList}
              columns={categoryColumns}
              rowKey={(category) => category.slug}
              rowName={categoryName}
              searchText={(category) => [category.slug, ...Object.values(category.translations).map((text) => `${text.name} ${text.description}`)].join(' ')}
              emptyText={t('categories.empty')}
              addLabel={t('categories.add')}
              editor={(category, close) => <CategoryForm category={category} onClose={close} />}
              deletion={{
                title: ([category]) => t('categories.deleteTitle', { name: category ? categoryName(category) : '' }),
                text: ([category]) => t('categories.deleteText', { count: category?.postCount ?? 0 }),
                confirm: async (deleting) => {
                  await deleteCategories.mutateAsync(deleting);
                  notifySuccess(t('categories.deleted'));
                },
              }}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </ListScreen>
  );
}
