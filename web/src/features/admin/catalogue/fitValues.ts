import { LANGUAGES, type Language } from '../../../i18n/languages';
import { ATTRIBUTE_FILTERS, type Fit } from '../../finder';
import type { FlatValues } from '../components/translationFields';
import type { Problem } from '../../../api/errors';
import { maxLength, problem, webAddress } from '../validation';

/**
 * A model's fit as the product form's flat text fields: the attributes' value keys and the lists
 * comma-separated, the sources one per line, the notes per language, and what the import left unread as JSON.
 */
export const IN_FINDER = 'fit.inFinder';
export const UNREAD = 'fit.unread';
export const LISTS = ['widths', 'materials', 'makers'] as const;
export const notesKey = (language: Language) => `fit.notes.${language}`;

/** The same bounds as the server's (server/src/catalogue/fit/check.rs). */
const SIZES = { min: 0, max: 60 };
const PRICES = { min: 0, max: 10000 };
const NOTES_MAX = 2000;
const REMARK_MAX = 100;

const commaList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const amount = (text: string | undefined) => (text?.trim() ? Number(text) : null);
/** A size or price out of its range (the server's rule). Sizes must be above the lowest, prices may equal it. */
const outside = (value: number, range: { min: number; max: number }, aboveMin = false) =>
  Number.isFinite(value) && (aboveMin ? value > range.min : value >= range.min) && value <= range.max ? undefined : problem('out_of_range', range);

export function flattenFit(fit: Fit | null | undefined): FlatValues {
  const values: FlatValues = {
    [IN_FINDER]: fit ? 'yes' : '',
    'fit.sizes': fit?.sizes.join(', ') ?? '',
    'fit.priceMin': fit?.priceMin?.toString() ?? '',
    'fit.priceMax': fit?.priceMax?.toString() ?? '',
    'fit.priceRemark': fit?.priceRemark ?? '',
    'fit.footShapeOriginal': fit?.footShapeOriginal ?? '',
    'fit.sources': fit?.sources.join('\n') ?? '',
    [UNREAD]: JSON.stringify(fit?.unread ?? {}),
  };
  for (const key of ATTRIBUTE_FILTERS) values[`fit.${key}`] = fit?.[key].join(',') ?? '';
  for (const key of LISTS) values[`fit.${key}`] = fit?.[key].join(', ') ?? '';
  for (const language of LANGUAGES) values[notesKey(language)] = fit?.notes[language] ?? '';
  return values;
}

/** The fit the fields hold, or undefined when the product is not in the finder. */
export function gatherFit(values: FlatValues): Fit | undefined {
  if (!values[IN_FINDER]) return undefined;
  const notes: Record<string, string> = {};
  for (const language of LANGUAGES) {
    const note = values[notesKey(language)]?.trim();
    if (note) notes[language] = note;
  }
  const attributes = Object.fromEntries(ATTRIBUTE_FILTERS.map((key) => [key, commaList(values[`fit.${key}`])])) as Pick<Fit, (typeof ATTRIBUTE_FILTERS)[number]>;
  return {
    ...attributes,
    footShapeOriginal: values['fit.footShapeOriginal']?.trim() ?? '',
    sizes: commaList(values['fit.sizes']).map(Number),
    widths: commaList(values['fit.widths']),
    materials: commaList(values['fit.materials']),
    makers: commaList(values['fit.makers']),
    priceMin: amount(values['fit.priceMin']),
    priceMax: amount(values['fit.priceMax']),
    priceRemark: values['fit.priceRemark']?.trim() ?? '',
    notes,
    sources: (values['fit.sources'] ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    unread: JSON.parse(values[UNREAD] || '{}') as Record<string, string>,
  };
}

/** The fields' problems, with the server's codes. */
export function checkFit(values: FlatValues): Record<string, Problem | undefined> {
  if (!values[IN_FINDER]) return {};
  const errors: Record<string, Problem | undefined> = {};
  const sizes = commaList(values['fit.sizes']).map(Number);
  errors['fit.sizes'] = sizes.map((size) => outside(size, SIZES, true)).find(Boolean);
  for (const key of ['fit.priceMin', 'fit.priceMax']) {
    const price = amount(values[key]);
    if (price !== null) errors[key] = outside(price, PRICES);
  }
  const [low, high] = [amount(values['fit.priceMin']), amount(values['fit.priceMax'])];
  if (!errors['fit.priceMax'] && low !== null && high !== null && high < low) errors['fit.priceMax'] = problem('prices_reversed');
  errors['fit.priceRemark'] = maxLength(values['fit.priceRemark'], REMARK_MAX);
  for (const language of LANGUAGES) errors[notesKey(language)] = maxLength(values[notesKey(language)], NOTES_MAX);
  const sources = (values['fit.sources'] ?? '').split('\n').map((line) => line.trim()).filter(Boolean);
  errors['fit.sources'] = sources.map((source) => webAddress(source, true)).find(Boolean);
  return errors;
}
