import type {
  AnalyticsCounts,
  AnalyticsQuery,
  AnalyticsRates,
  CampaignAnalytics,
  OverallAnalytics,
} from '@mailhound/contracts';
import { variantLetters } from '@mailhound/contracts';
import type { Queryable } from '../../platform/database.ts';
import { findCampaign } from '../campaigns/index.ts';
import { type CountsRow, countEvents } from './queries.ts';
import { resolveRange } from './range.ts';

const zeroCounts: AnalyticsCounts = {
  sent: 0,
  delivered: 0,
  bounced: 0,
  contacted: 0,
  replied: 0,
  unsubscribed: 0,
  clicked: 0,
  complained: 0,
};

function countsOf(row: CountsRow | undefined): AnalyticsCounts {
  if (!row) return zeroCounts;
  const { sent, delivered, bounced, contacted, replied, unsubscribed, clicked, complained } = row;
  return { sent, delivered, bounced, contacted, replied, unsubscribed, clicked, complained };
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

// The rates of packages/contracts/src/analytics.ts: delivery, bounce and complaint over sent,
// reply and unsubscribe over contacted, click over delivered; 0 when nothing was counted below.
export function ratesOf(counts: AnalyticsCounts): AnalyticsRates {
  return {
    delivery: share(counts.delivered, counts.sent),
    bounce: share(counts.bounced, counts.sent),
    reply: share(counts.replied, counts.contacted),
    unsubscribe: share(counts.unsubscribed, counts.contacted),
    click: share(counts.clicked, counts.delivered),
    complaint: share(counts.complained, counts.sent),
  };
}

function perDay(rows: CountsRow[]) {
  return rows
    .filter((row) => row.scope === 'day')
    .map((row) => ({ date: row.key ?? '', ...countsOf(row) }));
}

export async function overallAnalytics(
  db: Queryable,
  userId: string,
  query: AnalyticsQuery,
  now: Date,
): Promise<OverallAnalytics> {
  const range = resolveRange(query, now);
  // Another user's campaign, or no campaign at all, answers 404 like every campaign route.
  const campaign = query.campaign_id ? await findCampaign(db, userId, query.campaign_id) : null;
  const rows = await countEvents(
    db,
    { userId, campaignId: campaign?.id, breakdown: 'campaigns' },
    range,
  );
  const totals = countsOf(rows.find((row) => row.scope === 'total'));
  return {
    ...range,
    totals,
    rates: ratesOf(totals),
    per_day: perDay(rows),
    per_campaign: rows
      .filter((row) => row.scope === 'campaign')
      .map((row) => ({
        id: row.key ?? '',
        name: row.name ?? '',
        status: row.status ?? '',
        ...countsOf(row),
      })),
  };
}

export async function campaignAnalytics(
  db: Queryable,
  userId: string,
  campaignId: string,
  query: AnalyticsQuery,
  now: Date,
): Promise<CampaignAnalytics> {
  const range = resolveRange(query, now);
  const campaign = await findCampaign(db, userId, campaignId);
  const rows = await countEvents(
    db,
    { userId, campaignId: campaign.id, breakdown: 'steps' },
    range,
  );
  const totals = countsOf(rows.find((row) => row.scope === 'total'));
  return {
    ...range,
    campaign: { id: campaign.id, name: campaign.name, status: campaign.status },
    totals,
    rates: ratesOf(totals),
    per_day: perDay(rows),
    per_step: rows
      .filter((row) => row.scope === 'step')
      .map((row) => {
        const variants = rows
          .filter((one) => one.scope === 'variant' && one.key?.startsWith(`${row.key}/`))
          .map((one) => ({
            variant: variantLetters[Number(one.key?.split('/')[1])] ?? 'A',
            subject: one.subject ?? '',
            ...countsOf(one),
          }));
        const step = { step: Number(row.key), subject: row.subject ?? '', ...countsOf(row) };
        return variants.length > 1 ? { ...step, variants } : step;
      }),
  };
}
