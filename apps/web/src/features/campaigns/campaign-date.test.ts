import { describe, expect, it } from 'vitest';
import { formatCampaignDate } from './campaign-date.ts';

describe('campaign dates (api-spec §9)', () => {
  it('reads DD.MM.YYYY in UTC', () => {
    expect(formatCampaignDate('2026-12-31T23:59:00.000Z')).toBe('31.12.2026');
    expect(formatCampaignDate('2026-01-01T00:30:00+02:00')).toBe('31.12.2025');
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatCampaignDate('soon')).toBe('');
  });
});
