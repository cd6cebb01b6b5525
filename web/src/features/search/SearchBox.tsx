import { CloseButton, Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useBrands, useProducts } from '../catalogue/queries';
import { searchCatalogue } from './searchCatalogue';

export const SEARCH_DEBOUNCE_MS = 300;

/** The navigation's search box: brands open their page, products open the maker's page in a new tab. */
export function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const brands = useBrands().data;
  const products = useProducts().data;
  const results = useMemo(() => searchCatalogue(debounced, brands ?? [], products ?? []), [debounced, brands, products]);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const searching = query.trim() !== debounced.trim();
  const empty = results.brands.length === 0 && results.products.length === 0;

  const clear = () => {
    setQuery('');
    combobox.closeDropdown();
  };

  const choose = (value: string) => {
    const [kind, id] = value.split(':', 2);
    if (kind === 'brand') {
      navigate(`/brand/${id}`);
      onNavigate?.();
    } else {
      const product = results.products.find((candidate) => candidate.id === id);
      if (product) window.open(product.link, '_blank', 'noopener,noreferrer');
    }
    clear();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose}>
      <Combobox.Target>
        <TextInput
          type="search"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={query}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            searching ? <Loader size={14} aria-hidden /> : query !== '' ? <CloseButton size="sm" aria-label={t('search.clear')} onClick={clear} /> : null
          }
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => query !== '' && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => event.key === 'Escape' && clear()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={query.trim() === ''}>
        <Combobox.Options aria-label={t('search.label')}>
          {searching ? (
            <Combobox.Empty>{t('search.searching')}</Combobox.Empty>
          ) : empty ? (
            <Combobox.Empty>{t('search.noResults', { query: debounced.trim() })}</Combobox.Empty>
          ) : (
            <>
              {results.brands.length > 0 && (
                <Combobox.Group label={t('search.brands')}>
                  {results.brands.map((brand) => (
                    <Combobox.Option key={brand.id} value={`brand:${brand.id}`}>
                      {brand.name}
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              )}
              {results.products.length > 0 && (
                <Combobox.Group label={t('search.products')}>
                  {results.products.map((product) => (
                    <Combobox.Option key={product.id} value={`product:${product.id}`}>
                      {product.name} · {product.price}{' '}
                      <IconExternalLink size={12} aria-label={t('search.opensInNewTab')} />
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              )}
            </>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
