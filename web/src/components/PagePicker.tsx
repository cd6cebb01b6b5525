import { Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import classes from './PagePicker.module.css';

interface Props {
  /** What the pages are of ("Blog pages"), naming the navigation. */
  label: string;
  total: number;
  page: number;
  onChange: (page: number) => void;
}

/** The numbered pages of a list and where the reader is among them. */
export function PagePicker({ label, total, page, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className={classes.pager}>
      <Pagination
        total={total}
        value={page}
        onChange={onChange}
        color="pink.9"
        getItemProps={(item) => ({ 'aria-label': t('common.pager.page', { page: item }) })}
        getControlProps={(control) => ({ 'aria-label': t(`common.pager.${control}`) })}
      />
      <Text size="sm" aria-live="polite">
        {t('common.pager.pageOf', { page, total })}
      </Text>
    </nav>
  );
}
