import { CloseButton, Loader, Paper, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { SEARCH_COUNTED_AFTER_MS, SEARCH_DEBOUNCE_MS } from '../../lib/limits';
import { track } from '../analytics';
import { useBrands, useProductsWhenWanted } from '../catalogue';
import { searchCatalogue } from './searchCatalogue';
import classes from './search.module.css';

/** The models the list shows at most; the status and a line below it say how many matched. */
const SHOWN_PRODUCTS = 10;

type Results = ReturnType<typeof searchCatalogue>;

/**
 * The navigation's search box (spec §2): brands open their page, products open the maker's page in a new tab.
 *
 * Keyboard, following the WAI-ARIA combobox pattern: ArrowDown / ArrowUp move through the options (opening
 * the list again if it was closed), Enter chooses the highlighted option, Tab leaves the box (the list
 * closes). Escape is two-step: the first closes the list and keeps the text, a second one clears the box.
 *
 * The list is drawn here, under the box, rather than by Mantine's Combobox: that one places its dropdown
 * with floating-ui, which the home page would load for this list alone.
 */
export function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const brandsQuery = useBrands();
  // The product list is read once the box is first focused (or the idle read ahead has it already).
  const [wanted, setWanted] = useState(false);
  const productsQuery = useProductsWhenWanted(wanted);
  const brands = brandsQuery.data;
  const products = productsQuery.data;
  const results = useMemo(() => searchCatalogue(debounced, brands ?? [], products ?? []), [debounced, brands, products]);

  const term = debounced.trim();
  // Until the lists first arrive there is nothing to search yet. (A failed load, e.g. offline with no kept
  // copy, ends the wait: nothing matches.)
  const loading = brandsQuery.isPending || productsQuery.isPending;
  const typing = query.trim() !== '' && query.trim() !== term;
  const searching = typing || (term !== '' && loading);
  // A maker's name matches nearly all of its models (176 for Gaynor Minden): the list shows the first few
  // and says how many more there are.
  const shownProducts = results.products.slice(0, SHOWN_PRODUCTS);
  const moreProducts = results.products.length - shownProducts.length;
  const options = searching
    ? []
    : [
        ...results.brands.map((brand, index) => ({ id: `${listId}-brand-${index}`, value: `brand:${brand.id}` })),
        ...shownProducts.map((product, index) => ({ id: `${listId}-product-${index}`, value: `product:${product.id}` })),
      ];
  const expanded = open && query.trim() !== '';

  // The highlighted option, with the options it was chosen among: new options (or none while searching)
  // leave nothing highlighted.
  const [highlight, setHighlight] = useState<{ index: number; results: Results; searching: boolean }>();
  const activeIndex = expanded && highlight?.results === results && highlight.searching === searching ? highlight.index : -1;
  const activeId = options[activeIndex]?.id;

  // What screen readers hear, politely, once the typing has paused (not at every keystroke); "Searching…"
  // only while the lists have not arrived yet. Emptying the box empties it at once.
  const count = results.brands.length + results.products.length;
  const status =
    query.trim() === '' || term === '' ? '' : loading ? t('search.searching') : count === 0 ? t('search.noResults', { query: term }) : t('search.results', { count });

  // A search is counted for the site's analytics once its words rest a while, not for every pause in typing.
  const [settled] = useDebouncedValue(term, SEARCH_COUNTED_AFTER_MS);
  const counted = useRef('');
  useEffect(() => {
    if (settled === '' || settled !== term || loading || counted.current === settled) return;
    counted.current = settled;
    track('search', { target: settled, results: count });
  }, [settled, term, loading, count]);

  // Words typed into a drawn page's box before React took it over (until then it is a plain HTML box): React
  // keeps them in the box but tells no one, so they become the search here, as if typed now. (Keys pressed
  // once React has started are played again on the box by React itself.)
  useEffect(() => {
    const input = inputRef.current;
    if (!input || (input.value === '' && document.activeElement !== input)) return;
    setWanted(true);
    setQuery(input.value);
    setOpen(input.value.trim() !== '' && document.activeElement === input);
  }, []);

  const close = () => {
    setOpen(false);
    setHighlight(undefined);
  };

  const clear = () => {
    setQuery('');
    close();
  };

  const choose = (value: string) => {
    const [kind, id] = value.split(':', 2);
    if (kind === 'brand') {
      void navigate(`/brand/${id}`);
      onNavigate?.();
    } else {
      const product = results.products.find((candidate) => candidate.id === id);
      if (product) {
        track('productLink', { brand: product.brandId, target: product.name });
        window.open(product.link, '_blank', 'noopener,noreferrer');
      }
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
        setOpen(true);
        if (options.length === 0) return;
        // From nothing highlighted, down goes to the first option and up to the last; both wrap around.
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
        const index = (from + step + options.length) % options.length;
        setHighlight({ index, results, searching });
        document.getElementById(options[index]!.id)?.scrollIntoView({ block: 'nearest' });
        return;
      }
      case 'Enter': {
        if (activeId) {
          event.preventDefault();
          choose(options[activeIndex]!.value);
        }
        return;
      }
      case 'Escape': {
        if (query === '') return;
        // Also keeps the browser from emptying the search field on its own, and a dialog around from closing.
        event.preventDefault();
        event.stopPropagation();
        if (expanded) close();
        else clear();
        return;
      }
    }
  };

  const option = (index: number, label: ReactNode) => {
    const { id, value } = options[index]!;
    return (
      <div
        key={id}
        id={id}
        role="option"
        aria-selected={index === activeIndex}
        className={classes.option}
        // The box keeps the focus while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(value)}
      >
        {label}
      </div>
    );
  };

  return (
    <div className={classes.box}>
      {/* A text box, not type="search": HTML gives the combobox role to a text box only. The phone's
          keyboard still offers its search key. */}
      <TextInput
        ref={inputRef}
        inputMode="search"
        enterKeyHint="search"
        role="combobox"
        aria-label={t('search.label')}
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={activeId}
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
          if (value.trim() === '') close();
          else setOpen(true);
        }}
        onFocus={() => {
          setWanted(true);
          if (query.trim() !== '') setOpen(true);
        }}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {expanded && (
        <Paper shadow="md" withBorder className={classes.dropdown}>
          {/* The messages sit beside the list, not in it: a listbox holds only options and groups. */}
          {(searching || count === 0) && (
            <div className={classes.message} data-testid="search-message">
              {searching ? t('search.searching') : t('search.noResults', { query: term })}
            </div>
          )}
          <div role="listbox" id={listId} aria-label={t('search.label')}>
            {!searching && results.brands.length > 0 && (
              <div role="group" aria-labelledby={`${listId}-brands`}>
                <div id={`${listId}-brands`} className={classes.groupLabel}>
                  {t('search.brands')}
                </div>
                {results.brands.map((brand, index) => option(index, brand.name))}
              </div>
            )}
            {!searching && results.products.length > 0 && (
              <div role="group" aria-labelledby={`${listId}-products`}>
                <div id={`${listId}-products`} className={classes.groupLabel}>
                  {t('search.products')}
                </div>
                {shownProducts.map((product, index) =>
                  option(
                    results.brands.length + index,
                    <>
                      {product.name} · {product.price} <IconExternalLink size={12} aria-label={t('search.opensInNewTab')} />
                    </>,
                  ),
                )}
              </div>
            )}
          </div>
          {!searching && moreProducts > 0 && (
            <div className={classes.message} data-testid="search-more">
              {t('search.more', { count: moreProducts })}
            </div>
          )}
        </Paper>
      )}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="search-status">
        {status}
      </VisuallyHidden>
    </div>
  );
}
