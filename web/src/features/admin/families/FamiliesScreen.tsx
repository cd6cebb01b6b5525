import { useTranslation } from 'react-i18next';

import { useAdminBrands, useAdminProducts } from '../catalogue';
import type { Column } from '../components/DataTable';
import { EditableTable } from '../components/EditableTable';
import { ListScreen } from '../components/ListScreen';
import { notifySuccess } from '../components/notify';
import { textIn } from '../components/translationFields';
import { ADMIN_NAMESPACE } from '../i18n';
import { useAdminFamilies, useDeleteFamilies, type FamilyRecord } from './api';
import { FamilyForm } from './FamilyForm';

/**
 * Model families (a maker's line and its variants): the table, adding, editing (renaming, merging,
 * splitting, ordering) in a dialog, and dissolving after confirmation.
 */
export function FamiliesScreen() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const families = useAdminFamilies();
  const brands = useAdminBrands();
  const products = useAdminProducts();
  const deleteFamilies = useDeleteFamilies();

  const name = (family: FamilyRecord) => family.name;
  const brandName = (family: FamilyRecord) => {
    const brand = brands.data?.find((candidate) => candidate.id === family.brandId);
    return brand ? textIn(brand.translations, i18n.language, 'name', brand.id) : family.brandId;
  };
  const count = (family: FamilyRecord) => family.variants.length;
  const columns: Column<FamilyRecord>[] = [
    { key: 'name', header: t('families.name'), cell: name, sortValue: name, csv: name },
    { key: 'brand', header: t('families.brand'), cell: brandName, sortValue: brandName, csv: brandName },
    { key: 'models', header: t('families.variantCount'), cell: count, sortValue: count, csv: count },
    { key: 'id', header: t('families.id'), cell: (family) => <code>{family.id}</code>, sortValue: (family) => family.id, csv: (family) => family.id },
  ];

  return (
    <ListScreen title={t('screens.families')} queries={[families, brands, products]}>
      {([rows, brandList, productList]) => (
        <EditableTable
          label={t('screens.families')}
          rows={rows}
          columns={columns}
          rowKey={(family) => family.id}
          rowName={name}
          searchText={(family) => [family.name, family.id, brandName(family), ...family.variants.map((variant) => variant.name)].join(' ')}
          emptyText={t('families.empty')}
          addLabel={t('families.add')}
          addDisabled={productList.length === 0}
          editor={(family, close) => <FamilyForm family={family} families={rows} products={productList} brands={brandList} onClose={close} />}
          deletion={{
            bulk: true,
            title: (deleting) => (deleting.length === 1 && deleting[0] ? t('families.deleteTitle', { name: name(deleting[0]) }) : t('families.deleteManyTitle', { count: deleting.length })),
            text: (deleting) => t(deleting.length === 1 ? 'families.deleteText' : 'families.deleteManyText'),
            confirm: async (deleting) => {
              await deleteFamilies.mutateAsync(deleting);
              notifySuccess(t('families.deleted', { count: deleting.length }));
            },
          }}
        />
      )}
    </ListScreen>
  );
}
