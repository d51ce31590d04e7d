import { parseRevenueRange } from '@mailhound/contracts';

const units = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

// 10000000 → '$10M', 2500000 → '$2.5M', 500 → '$500'.
export function moneyText(amount: number): string {
  const unit = units.find((entry) => amount >= entry.size);
  if (unit === undefined) return `$${amount}`;
  const value = Math.round((amount / unit.size) * 10) / 10;
  return `$${value}${unit.suffix}`;
}

// product-spec §2 Company page: estimated revenue as a range, '$10M – $50M'.
export function revenueText(revenue: string | null): string | null {
  const range = parseRevenueRange(revenue);
  if (range === null) return null;
  return `${moneyText(range.min)} – ${moneyText(range.max)}`;
}
