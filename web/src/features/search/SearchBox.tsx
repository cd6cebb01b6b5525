import { CloseButton, Combobox, Loader, TextInput, VisuallyHidden, useCombobox } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { SEARCH_DEBOUNCE_MS } from '../../lib/limits';
import { useBrands, useProducts } from '../catalogue';
import { searchCatalogue } from './searchCatalogue';

/**
 * The navigation's search box (spec §2): brands open their page, products open the maker's page in a new tab.
 *
 * Keyboard, following the WAI-ARIA combobox pattern: ArrowDown / ArrowUp move through the options (opening
 * the list again if it was closed), Enter chooses the highlighted option, Tab leaves the box (the list
 * closes). Escape is two-step: the first closes the list and keeps the text, a second one clears the box.
 *
 * The keys and ARIA attributes are handled here rather than by `Combobox.Target`, which leaves out the
 * combobox role and `aria-expanded` by default and keeps `aria-activedescendant` in a state of its own that
 * goes stale when the options change under it. Highlighting is still the store's (`select*Option`,
 * `clickSelectedOption`); the highlighted option's id is kept here for `aria-activedescendant`.
 */
export function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  // The highlighted option's id, with the options it was chosen among: new options (or none while
  // searching) leave nothing highlighted.
  const [highlight, setHighlight] = useState<{ id: string | null; results: ReturnType<typeof searchCatalogue>; searching: boolean }>();
  const brandsQuery = useBrands();
  const productsQuery = useProducts();
  const brands = brandsQuery.data;
  const products = productsQuery.data;
  const results = useMemo(() => searchCatalogue(debounced, brands ?? [], products ?? []), [debounced, brands, products]);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setHighlight(undefined);
    },
  });

  const term = debounced.trim();
  // Until the lists first arrive there is nothing to search yet. (A failed load, e.g. offline with no kept
  // copy, ends the wait: nothing matches.)
  const loading = brandsQuery.isPending || productsQuery.isPending;
  const typing = query.trim() !== '' && query.trim() !== term;
  const searching = typing || (term !== '' && loading);
  const count = results.brands.length + results.products.length;
  const expanded = combobox.dropdownOpened && query.trim() !== '';

  const activeOptionId = highlight?.results === results && highlight.searching === searching ? highlight.id : null;
  // The store's highlight goes with it.
  const { resetSelectedOption } = combobox;
  useEffect(() => resetSelectedOption(), [resetSelectedOption, results, searching]);

  // What screen readers hear, politely, once the typing has paused (not at every keystroke); "Searching…"
  // only while the lists have not arrived yet. Emptying the box empties it at once.
  const status =
    query.trim() === '' || term === '' ? '' : loading ? t('search.searching') : count === 0 ? t('search.noResults', { query: term }) : t('search.results', { count });

  const clear = () => {
    setQuery('');
    combobox.closeDropdown();
  };

  const choose = (value: string) => {
    const [kind, id] = value.split(':', 2);
    if (kind === 'brand') {
      void navigate(`/brand/${id}`);
      onNavigate?.();
    } else {
      const product = results.products.find((candidate) => candidate.id === id);
      if (product) window.open(product.link, '_blank', 'noopener,noreferrer');
    }
    clear();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (query.trim() === '') return;
        event.preventDefault();
        combobox.openDropdown('keyboard');
        // From nothing highlighted, down goes to the first option and up to the last; both wrap around.
        setHighlight({ id: event.key === 'ArrowDown' ? combobox.selectNextOption() : combobox.selectPreviousOption(), results, searching });
        return;
      }
      case 'Enter': {
        if (expanded && combobox.getSelectedOptionIndex() !== -1) {
          event.preventDefault();
          combobox.clickSelectedOption();
        }
        return;
      }
      case 'Escape': {
        if (query === '') return;
        // Also keeps the browser from emptying the search field on its own, and a dialog around from closing.
        event.preventDefault();
        event.stopPropagation();
        if (expanded) combobox.closeDropdown('keyboard');
        else clear();
        return;
      }
    }
  };

  return (
    <>
      <Combobox store={combobox} onOptionSubmit={choose}>
        <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
          <TextInput
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label={t('search.label')}
            aria-autocomplete="list"
            aria-haspopup="listbox"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded && activeOptionId ? activeOptionId : undefined}
            data-mantine-stop-propagation={query !== '' || undefined}
            autoComplete="off"
            placeholder={t('search.placeholder')}
            value={query}
            leftSection={searching ? <Loader size={14} aria-hidden /> : <IconSearch size={16} aria-hidden />}
            rightSection={
              query !== '' ? (
                <CloseButton
                  size="sm"
                  aria-label={t('search.clear')}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    clear();
                    inputRef.current?.focus();
                  }}
                />
              ) : null
            }
            rightSectionPointerEvents={query !== '' ? 'all' : 'none'}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setQuery(value);
              // An empty query clears the results (spec §5).
              if (value.trim() === '') combobox.closeDropdown();
              else combobox.openDropdown();
            }}
            onFocus={() => query.trim() !== '' && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={onKeyDown}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={query.trim() === ''}>
          {/* The messages sit beside the list, not in it: a listbox holds only options and groups. */}
          {searching ? (
            <Combobox.Empty data-testid="search-message">{t('search.searching')}</Combobox.Empty>
          ) : count === 0 ? (
            <Combobox.Empty data-testid="search-message">{t('search.noResults', { query: term })}</Combobox.Empty>
          ) : null}
          <Combobox.Options id={listId} aria-label={t('search.label')}>
            {!searching && (
              <>
                {results.brands.length > 0 && (
                  <Combobox.Group label={t('search.brands')}>
                    {results.brands.map((brand, index) => (
                      <Combobox.Option
                        key={brand.id}
                        id={`${listId}-brand-${index}`}
                        value={`brand:${brand.id}`}
                        aria-selected={activeOptionId === `${listId}-brand-${index}`}
                      >
                        {brand.name}
                      </Combobox.Option>
                    ))}
                  </Combobox.Group>
                )}
                {results.products.length > 0 && (
                  <Combobox.Group label={t('search.products')}>
                    {results.products.map((product, index) => (
                      <Combobox.Option
                        key={product.id}
                        id={`${listId}-product-${index}`}
                        value={`product:${product.id}`}
                        aria-selected={activeOptionId === `${listId}-product-${index}`}
                      >
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
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="search-status">
        {status}
      </VisuallyHidden>
    </>
  );
}
