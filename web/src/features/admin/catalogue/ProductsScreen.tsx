import { Anchor, Button, Image, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DeleteSelectedButton, RowActions } from '../components/RowActions';
import { DataTable, type Column } from '../components/DataTable';
import { notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { textIn } from '../components/translationFields';
import { useAdminBrands, useAdminProducts, useDeleteProducts, type ProductRecord } from './api';
import { ProductForm } from './ProductForm';

/** Products: the table, adding and editing in a dialog, deleting after confirmation. */
export function ProductsScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  const products = useAdminProducts();
  const brands = useAdminBrands();
  const deleteProducts = useDeleteProducts();
  const [editing, setEditing] = useState<{ product?: ProductRecord }>();
  const [deleting, setDeleting] = useState<ProductRecord[]>();

  const name = (product: ProductRecord) => textIn(product.translations, i18n.language, 'name', product.id);
  const brandName = (product: ProductRecord) => {
    const brand = brands.data?.find((candidate) => candidate.id === product.brandId);
    return brand ? textIn(brand.translations, i18n.language, 'name', brand.id) : product.brandId;
  };
  const columns: Column<ProductRecord>[] = [
    { key: 'image', header: t('form.image'), cell: (product) => (product.image ? <Image src={product.image} alt="" h={32} w={48} fit="contain" /> : null) },
    { key: 'name', header: t('products.name'), cell: name, sortValue: name, csv: name },
    { key: 'id', header: t('products.id'), cell: (product) => <code>{product.id}</code>, sortValue: (product) => product.id, csv: (product) => product.id },
    { key: 'brand', header: t('products.brand'), cell: brandName, sortValue: brandName, csv: brandName },
    { key: 'price', header: t('products.price'), cell: (product) => product.price, sortValue: (product) => parseFloat(product.price.replace(/[^\d.]/g, '')) || 0, csv: (product) => product.price },
    {
      key: 'link',
      header: t('products.link'),
      cell: (product) => (
        <Anchor href={product.link} target="_blank" rel="noopener noreferrer" size="sm">
          {product.link.replace(/^https?:\/\//, '')}
        </Anchor>
      ),
      csv: (product) => product.link,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (product) => <RowActions name={name(product)} onEdit={() => setEditing({ product })} onDelete={() => setDeleting([product])} />,
    },
  ];

  const confirmDelete = async () => {
    await deleteProducts.mutateAsync(deleting ?? []);
    notifySuccess(t('products.deleted', { count: deleting?.length ?? 0 }));
  };

  const failed = products.error ?? brands.error;
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.products')}
      </Title>
      {(products.isPending || brands.isPending) && !failed && <PageLoader />}
      {failed && (
        <LoadFailed
          error={failed}
          onRetry={() => {
            void products.refetch();
            void brands.refetch();
          }}
        />
      )}
      {products.data && brands.data && (
        <DataTable
          label={t('screens.products')}
          rows={products.data}
          columns={columns}
          rowKey={(product) => product.id}
          searchText={(product) => [product.id, brandName(product), product.price, ...Object.values(product.translations).map((text) => `${text.name} ${text.description}`)].join(' ')}
          emptyText={t('products.empty')}
          actions={
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})} disabled={brands.data.length === 0}>
              {t('products.add')}
            </Button>
          }
          bulkActions={(selected, clear) => <DeleteSelectedButton selected={selected} clear={clear} onDelete={setDeleting} />}
        />
      )}
      {editing && brands.data && <ProductForm product={editing.product} brands={brands.data} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={deleting?.length === 1 && deleting[0] ? t('products.deleteTitle', { name: name(deleting[0]) }) : t('products.deleteManyTitle', { count: deleting?.length ?? 0 })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      >
        {t('products.deleteText')}
      </ConfirmDialog>
    </>
  );
}
