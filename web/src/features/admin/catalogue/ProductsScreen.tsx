import { Anchor, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Column } from '../components/DataTable';
import { EditableTable } from '../components/EditableTable';
import { ListScreen } from '../components/ListScreen';
import { notifySuccess } from '../components/notify';
import { textIn } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { useAdminBrands, useAdminProducts, useDeleteProducts, type ProductRecord } from './api';
import { ProductForm } from './ProductForm';

/** Products: the table, adding and editing in a dialog, deleting after confirmation. */
export function ProductsScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const products = useAdminProducts();
  const brands = useAdminBrands();
  const deleteProducts = useDeleteProducts();

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
  ];

  return (
    <ListScreen title={t('screens.products')} queries={[products, brands]}>
      {([rows, brandList]) => (
        <EditableTable
          label={t('screens.products')}
          rows={rows}
          columns={columns}
          rowKey={(product) => product.id}
          rowName={name}
          searchText={(product) => [product.id, brandName(product), product.price, ...Object.values(product.translations).map((text) => `${text.name} ${text.description}`)].join(' ')}
          emptyText={t('products.empty')}
          addLabel={t('products.add')}
          addDisabled={brandList.length === 0}
          editor={(product, close) => <ProductForm product={product} brands={brandList} onClose={close} />}
          deletion={{
            bulk: true,
            title: (deleting) => (deleting.length === 1 && deleting[0] ? t('products.deleteTitle', { name: name(deleting[0]) }) : t('products.deleteManyTitle', { count: deleting.length })),
            text: () => t('products.deleteText'),
            confirm: async (deleting) => {
              await deleteProducts.mutateAsync(deleting);
              notifySuccess(t('products.deleted', { count: deleting.length }));
            },
          }}
        />
      )}
    </ListScreen>
  );
}
