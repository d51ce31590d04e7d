import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AnalyticsPreset, presetLabels } from '../analytics-range.ts';
import type { AnalyticsRangeState } from '../use-analytics-range.ts';

const presets = Object.entries(presetLabels).map(([value, label]) => ({ value, label }));

// Last 7 / 30 / 90 days, or a custom from-to (UTC days, both included).
export function RangePicker({ state }: { state: AnalyticsRangeState }) {
  // On a phone the four periods do not fit side by side: they stack.
  const narrow = useMediaQuery('(max-width: 30em)');
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Group align="flex-end" gap="sm">
      <SegmentedControl
        aria-label="Period"
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth={narrow}
        data={presets}
        value={state.preset}
        onChange={(value) => state.setPreset(value as AnalyticsPreset)}
      />
      {state.preset === 'custom' && (
        <>
          <TextInput
            type="date"
            label="From"
            max={today}
            value={state.custom.from}
            onChange={(event) =>
              state.setCustom({ ...state.custom, from: event.currentTarget.value })
            }
          />
          <TextInput
            type="date"
            label="To"
            max={today}
            value={state.custom.to}
            onChange={(event) =>
              state.setCustom({ ...state.custom, to: event.currentTarget.value })
            }
          />
        </>
      )}
      {state.problem !== null && (
        <Text c="red" size="sm" role="alert">
          {state.problem}
        </Text>
      )}
    </Group>
  );
}
