import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { withParam } from '../../shared/ui/search-key.tsx';
import {
  type AnalyticsPreset,
  type AnalyticsRange,
  lastDays,
  rangeProblem,
} from './analytics-range.ts';

export type AnalyticsRangeState = {
  preset: AnalyticsPreset;
  setPreset: (preset: AnalyticsPreset) => void;
  // The dates typed for a custom range, valid or not.
  custom: AnalyticsRange;
  setCustom: (custom: AnalyticsRange) => void;
  problem: string | null;
  // What the figures are asked for: a custom range only once it is valid.
  range: AnalyticsRange;
};

const presets: readonly AnalyticsPreset[] = ['7', '30', '90', 'custom'];
const defaultPreset: AnalyticsPreset = '30';

// The period in the address: ?period=7|90, or ?period=custom&from=YYYY-MM-DD&to=YYYY-MM-DD; the
// last 30 days (the server's default too) leave it out. A period the screen cannot ask (an
// unknown preset, a custom range without valid dates) reads as the default.
export function periodFrom(params: URLSearchParams): {
  preset: AnalyticsPreset;
  range: AnalyticsRange | null;
} {
  const preset = presets.find((one) => one === params.get('period')) ?? defaultPreset;
  if (preset !== 'custom') return { preset, range: null };
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return rangeProblem(range) === null ? { preset, range } : { preset: defaultPreset, range: null };
}

function withPeriod(
  params: URLSearchParams,
  preset: AnalyticsPreset,
  range: AnalyticsRange | null,
): URLSearchParams {
  const period = withParam(params, 'period', preset === defaultPreset ? null : preset);
  return withParam(withParam(period, 'from', range?.from ?? null), 'to', range?.to ?? null);
}

// The analytics period, kept in the address so a reload or Back shows the same figures. Choosing
// a preset adds a history entry; typing a custom range replaces it once the range is valid.
export function useAnalyticsRange(): AnalyticsRangeState {
  const [params, setParams] = useSearchParams();
  const asked = periodFrom(params);
  const preset = asked.preset;
  const [custom, typeCustom] = useState<AnalyticsRange>(
    () => asked.range ?? lastDays(30, new Date()),
  );
  // Back or a link changes the custom range in the address: the date fields show it.
  const askedKey = asked.range === null ? '' : `${asked.range.from}/${asked.range.to}`;
  const [shownKey, setShownKey] = useState(askedKey);
  if (shownKey !== askedKey) {
    setShownKey(askedKey);
    if (asked.range !== null) typeCustom(asked.range);
  }
  const problem = preset === 'custom' ? rangeProblem(custom) : null;

  const setPreset = (next: AnalyticsPreset) => {
    if (next === preset) return;
    // A custom range starts from the period on screen.
    const shown = next === 'custom' ? lastDays(Number(preset), new Date()) : null;
    if (shown !== null) typeCustom(shown);
    setParams((current) => withPeriod(current, next, shown));
  };
  const setCustom = (next: AnalyticsRange) => {
    typeCustom(next);
    if (rangeProblem(next) === null) {
      setParams((current) => withPeriod(current, 'custom', next), { replace: true });
    }
  };

  return {
    preset,
    setPreset,
    custom,
    setCustom,
    problem,
    range: asked.range ?? lastDays(Number(preset), new Date()),
  };
}
