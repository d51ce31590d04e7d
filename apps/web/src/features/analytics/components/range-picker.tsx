import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { type AnalyticsPreset, presetLabels } from '../analytics-range.ts';
import type { AnalyticsRangeState } from '../use-analytics-range.ts';

const presets = Object.entries(presetLabels).map(([value, label]) => ({ value, label }));

// Last 7 / 30 / 90 days, or a custom from-to (UTC days, both included).
export function RangePicker({ state }: { state: AnalyticsRangeState }) {
  return (
    <Group align="flex-end" gap="sm">
      <SegmentedControl
        aria-label="Period"
        data={presets}
        value={state.preset}
        onChange={(value) => state.setPreset(value as AnalyticsPreset)}
      />
      {state.preset === 'custom' && (
        <>
          <TextInput
            type="date"
            label="From"
            value={state.custom.from}
            onChange={(event) =>
              state.setCustom({ ...state.custom, from: event.currentTarget.value })
            }
          />
          <TextInput
            type="date"
            label="To"
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
