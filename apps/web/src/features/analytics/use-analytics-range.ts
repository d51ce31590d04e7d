import { useState } from 'react';
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

// The analytics period: the last 30 days by default (the server's default too).
export function useAnalyticsRange(): AnalyticsRangeState {
  const [preset, choosePreset] = useState<AnalyticsPreset>('30');
  const [custom, typeCustom] = useState<AnalyticsRange>(() => lastDays(30, new Date()));
  const [applied, setApplied] = useState<AnalyticsRange>(custom);
  const problem = preset === 'custom' ? rangeProblem(custom) : null;

  const setPreset = (next: AnalyticsPreset) => {
    // A custom range starts from the period on screen.
    if (next === 'custom' && preset !== 'custom') {
      const shown = lastDays(Number(preset), new Date());
      typeCustom(shown);
      setApplied(shown);
    }
    choosePreset(next);
  };
  const setCustom = (next: AnalyticsRange) => {
    typeCustom(next);
    if (rangeProblem(next) === null) setApplied(next);
  };

  return {
    preset,
    setPreset,
    custom,
    setCustom,
    problem,
    range: preset === 'custom' ? applied : lastDays(Number(preset), new Date()),
  };
}
