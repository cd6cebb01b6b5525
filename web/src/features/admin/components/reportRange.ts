/** The periods a report covers (spec §9's analytics ranges), as the server's `RangeName`: a preset ending now, or a custom one. */
export const RANGES = ['1h', '24h', '7d', '30d', 'custom'] as const;
export type RangeName = (typeof RANGES)[number];

/** A report's period: a preset, or `custom` with `from` and `to` (epoch ms, `to` exclusive). */
export interface ReportRange {
  range: RangeName;
  from?: number;
  to?: number;
}

export function isRange(value: string | null): value is RangeName {
  return RANGES.some((range) => range === value);
}

/** Sets the period's `range`, `from` and `to` on a query string's parameters (from and to for a custom one only). */
export function setRangeParams(params: URLSearchParams, { range, from, to }: ReportRange): URLSearchParams {
  params.set('range', range);
  params.delete('from');
  params.delete('to');
  if (range === 'custom' && from !== undefined && to !== undefined) {
    params.set('from', String(from));
    params.set('to', String(to));
  }
  return params;
}
