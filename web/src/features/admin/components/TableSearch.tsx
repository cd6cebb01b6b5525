import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SEARCH_DEBOUNCE_MS } from '../../../lib/limits';
import { ADMIN_NAMESPACE } from '../i18n';

/**
 * The table's search box. With `debounced`, what is typed is reported after a pause (each report is a
 * request to the server); otherwise at once.
 */
export function TableSearch({ value, onChange, debounced = false }: { value: string; onChange: (value: string) => void; debounced?: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [typed, setTyped] = useState(value);
  const report = useDebouncedCallback(onChange, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      type="search"
      aria-label={t('table.search')}
      placeholder={t('table.search')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={debounced ? typed : value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!debounced) return onChange(next);
        setTyped(next);
        report(next);
      }}
      style={{ flex: '1 1 14rem' }}
    />
  );
}
