import { Anchor, Button, Image, Radio, Select, Stack, Text, Title } from '@mantine/core';
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
import { useAdminBrands, useDeleteBrands, type BrandRecord } from './api';
import { BrandForm } from './BrandForm';

type Editing = { brand?: BrandRecord } | undefined;

/** Brands: the table, adding and editing in a dialog, and deleting with a choice for the brand's products. */
export function BrandsScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  const brands = useAdminBrands();
  const deleteBrands = useDeleteBrands();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<BrandRecord[]>();
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
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (brand) => <RowActions name={name(brand)} onEdit={() => setEditing({ brand })} onDelete={() => setDeleting([brand])} />,
    },
  ];

  const productCount = deleting?.reduce((sum, brand) => sum + brand.productCount, 0) ?? 0;
  const single = deleting?.length === 1 ? deleting[0] : undefined;
  const others = (brands.data ?? []).filter((brand) => !deleting?.includes(brand));

  const confirmDelete = async () => {
    if (productCount > 0 && orphans === 'move' && !moveTo) throw new Error(t('brands.chooseBrand'));
    await deleteBrands.mutateAsync({ brands: deleting ?? [], products: orphans === 'move' && moveTo ? { action: 'move', moveTo } : { action: 'delete' } });
    notifySuccess(t('brands.deleted', { count: deleting?.length ?? 0 }));
  };

  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.brands')}
      </Title>
      {brands.isPending && <PageLoader />}
      {brands.isError && <LoadFailed error={brands.error} onRetry={() => void brands.refetch()} />}
      {brands.data && (
        <DataTable
          label={t('screens.brands')}
          rows={brands.data}
          columns={columns}
          rowKey={(brand) => brand.id}
          searchText={(brand) => [brand.id, ...Object.values(brand.translations).map((text) => `${text.name} ${text.description}`)].join(' ')}
          emptyText={t('brands.empty')}
          actions={
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
              {t('brands.add')}
            </Button>
          }
          bulkActions={(selected, clear) => <DeleteSelectedButton selected={selected} clear={clear} onDelete={setDeleting} />}
        />
      )}
      {editing && <BrandForm brand={editing.brand} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={single ? t('brands.deleteTitle', { name: name(single) }) : t('brands.deleteManyTitle', { count: deleting?.length ?? 0 })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onClose={() => {
          setDeleting(undefined);
          setOrphans('delete');
          setMoveTo(null);
        }}
      >
        <Stack gap="sm">
          <Text>{t('brands.deleteText')}</Text>
          {productCount > 0 && (
            <Radio.Group
              label={t('brands.orphansQuestion', { count: productCount })}
              value={orphans}
              onChange={(value) => setOrphans(value === 'move' ? 'move' : 'delete')}
            >
              <Stack gap={6} mt={6}>
                <Radio value="delete" label={t('brands.orphansDelete')} />
                <Radio value="move" label={t('brands.orphansMove')} disabled={others.length === 0} />
              </Stack>
            </Radio.Group>
          )}
          {productCount > 0 && orphans === 'move' && (
            <Select
              label={t('brands.moveTo')}
              data={others.map((brand) => ({ value: brand.id, label: name(brand) }))}
              value={moveTo}
              onChange={setMoveTo}
              required
            />
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
