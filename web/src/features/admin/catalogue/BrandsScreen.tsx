import { Anchor, Image, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Column } from '../components/DataTable';
import { EditableTable } from '../components/EditableTable';
import { ListScreen } from '../components/ListScreen';
import { notifySuccess } from '../components/notify';
import { textIn } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { useAdminBrands, useDeleteBrands, type BrandRecord } from './api';
import { BrandForm } from './BrandForm';

/** Brands: the table, adding and editing in a dialog, and deleting with a choice for the brand's products. */
export function BrandsScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const brands = useAdminBrands();
  const deleteBrands = useDeleteBrands();
  const [orphans, setOrphans] = useState<'delete' | 'move'>('delete');
  const [moveTo, setMoveTo] = useState<string | null>(null);

  const name = (brand: BrandRecord) => textIn(brand.translations, i18n.language, 'name', brand.id);
  const columns: Column<BrandRecord>[] = [
    { key: 'image', header: t('form.image'), cell: (brand) => (brand.image ? <Image src={brand.image} alt="" h={32} w={48} fit="contain" /> : null) },
    { key: 'name', header: t('brands.name'), cell: name, sortValue: name, csv: name },
    { key: 'id', header: t('brands.id'), cell: (brand) => <code>{brand.id}</code>, sortValue: (brand) => brand.id, csv: (brand) => brand.id },
    { key: 'products', header: t('brands.productCount'), cell: (brand) => brand.productCount, sortValue: (brand) => brand.productCount, csv: (brand) => brand.productCount },
    {
      key: 'languages',
      header: t('form.languagesColumn'),
      cell: (brand) => Object.keys(brand.translations).join(', '),
      csv: (brand) => Object.keys(brand.translations).join(' '),
    },
    {
      key: 'link',
      header: t('brands.link'),
      cell: (brand) => (
        <Anchor href={brand.link} target="_blank" rel="noopener noreferrer" size="sm">
          {brand.link.replace(/^https?:\/\//, '')}
        </Anchor>
      ),
      csv: (brand) => brand.link,
    },
  ];

  const productCount = (deleting: BrandRecord[]) => deleting.reduce((sum, brand) => sum + brand.productCount, 0);
  const others = (deleting: BrandRecord[]) => (brands.data ?? []).filter((brand) => !deleting.includes(brand));

  const confirmDelete = async (deleting: BrandRecord[]) => {
    if (productCount(deleting) > 0 && orphans === 'move' && !moveTo) throw new Error(t('brands.chooseBrand'));
    await deleteBrands.mutateAsync({ brands: deleting, products: orphans === 'move' && moveTo ? { action: 'move', moveTo } : { action: 'delete' } });
    notifySuccess(t('brands.deleted', { count: deleting.length }));
  };

  /** The confirmation's text, and what to do with the brands' products when they have some. */
  const deleteText = (deleting: BrandRecord[]) => (
    <Stack gap="sm">
      <Text>{t('brands.deleteText')}</Text>
      {productCount(deleting) > 0 && (
        <Radio.Group
          label={t('brands.orphansQuestion', { count: productCount(deleting) })}
          value={orphans}
          onChange={(value) => setOrphans(value === 'move' ? 'move' : 'delete')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="delete" label={t('brands.orphansDelete')} />
            <Radio value="move" label={t('brands.orphansMove')} disabled={others(deleting).length === 0} />
          </Stack>
        </Radio.Group>
      )}
      {productCount(deleting) > 0 && orphans === 'move' && (
        <Select
          label={t('brands.moveTo')}
          data={others(deleting).map((brand) => ({ value: brand.id, label: name(brand) }))}
          value={moveTo}
          onChange={setMoveTo}
          required
        />
      )}
    </Stack>
  );

  return (
    <ListScreen title={t('screens.brands')} queries={[brands]}>
      {([rows]) => (
        <EditableTable
          label={t('screens.brands')}
          rows={rows}
          columns={columns}
          rowKey={(brand) => brand.id}
          rowName={name}
          searchText={(brand) => [brand.id, ...Object.values(brand.translations).map((text) => `${text.name} ${text.description}`)].join(' ')}
          emptyText={t('brands.empty')}
          addLabel={t('brands.add')}
          editor={(brand, close) => <BrandForm brand={brand} onClose={close} />}
          deletion={{
            bulk: true,
            title: (deleting) => (deleting.length === 1 && deleting[0] ? t('brands.deleteTitle', { name: name(deleting[0]) }) : t('brands.deleteManyTitle', { count: deleting.length })),
            text: deleteText,
            confirm: confirmDelete,
            onClose: () => {
              setOrphans('delete');
              setMoveTo(null);
            },
          }}
        />
      )}
    </ListScreen>
  );
}
