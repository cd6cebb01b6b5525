import { useSearchParams } from 'react-router';

import { isRange, setRangeParams, type ReportRange } from '../components/reportRange';
import { DEFAULT_RANGE, FILTERS, type FilterName, type Filters, type Selection } from './api';

function epochMs(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/**
 * The screen's range and filters, kept in the address (`?range=30d&page=/brands`), so a view can be
 * bookmarked, shared and reached again with the browser's back button.
 */
export function useSelection() {
  const [params, setParams] = useSearchParams();
  const range = params.get('range');
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value !== null) filters[name] = value;
  }
  const selection: Selection = {
    range: isRange(range) ? range : DEFAULT_RANGE,
    from: epochMs(params.get('from')),
    to: epochMs(params.get('to')),
    filters,
  };
  const change = (edit: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    edit(next);
    setParams(next);
  };
  return {
    selection,
    setRange: (next: ReportRange) => change((draft) => setRangeParams(draft, next)),
    addFilter: (name: FilterName, value: string) => change((draft) => draft.set(name, value)),
    removeFilter: (name: FilterName) => change((draft) => draft.delete(name)),
    clearFilters: () => change((draft) => FILTERS.forEach((name) => draft.delete(name))),
  };
}
