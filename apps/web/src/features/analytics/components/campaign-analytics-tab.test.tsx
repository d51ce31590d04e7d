import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody, type FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logInWithMail, makeCampaign, serveCampaign } from '../../campaigns/campaigns.test-kit.ts';
import { makeCampaignAnalytics, zeroCounts } from '../analytics.test-kit.ts';

const path = 'GET /api/mail/campaigns/camp-1/analytics';

const figures = (request: FakeRequest) =>
  makeCampaignAnalytics({
    from: request.query.get('from') ?? '',
    to: request.query.get('to') ?? '',
    totals: {
      sent: 22,
      delivered: 19,
      bounced: 3,
      contacted: 16,
      replied: 5,
      unsubscribed: 3,
      clicked: 4,
      complained: 1,
    },
    rates: {
      delivery: 19 / 22,
      bounce: 3 / 22,
      reply: 5 / 16,
      unsubscribe: 3 / 16,
      click: 4 / 19,
      complaint: 1 / 22,
    },
    per_step: [
      {
        step: 1,
        subject: 'Hello {{first_name}}',
        sent: 16,
        delivered: 13,
        bounced: 3,
        contacted: 16,
        replied: 4,
        unsubscribed: 2,
        clicked: 3,
        complained: 1,
      },
      {
        step: 2,
        subject: 'Following up',
        sent: 4,
        delivered: 4,
        bounced: 0,
        contacted: 4,
        replied: 1,
        unsubscribed: 1,
        clicked: 1,
        complained: 0,
      },
      { step: 3, subject: 'Last note', ...zeroCounts, sent: 2, delivered: 2, contacted: 2 },
    ],
  });

function openTab(route: Parameters<ReturnType<typeof createFakeServer>['on']>[1]) {
  const server = createFakeServer({ [path]: route });
  logInWithMail(server);
  serveCampaign(server, makeCampaign({ status: 'active' }));
  return { server, ...renderApp('/campaigns/campaign-configuration/camp-1/analytics') };
}

const stepRows = () =>
  within(screen.getByRole('table', { name: 'Steps' }))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  // jsdom lays nothing out; recharts measures its container and warns at 0 × 0.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    new DOMRect(0, 0, 800, 260),
  );
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-05-20T15:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('campaign analytics tab', () => {
  it('shows the campaign’s figures, rates and one row per step', async () => {
    const { server } = openTab((request) => ({ body: figures(request) }));
    await screen.findByRole('table', { name: 'Steps' });
    expect(screen.getByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    const asked = server.requestsTo(path).at(-1)?.query;
    expect(asked?.get('from')).toBe('2030-04-21');
    expect(asked?.get('to')).toBe('2030-05-20');
    const sent = within(screen.getByRole('region', { name: 'Sent' }));
    expect(sent.getByText('22')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Replied' })).getByText('31.3% reply rate'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Bounced' })).getByText('13.6% bounce rate'),
    ).toBeInTheDocument();
    const complaints = within(screen.getByRole('region', { name: 'Complaints' }));
    expect(complaints.getByText('1')).toBeInTheDocument();
    expect(complaints.getByText('4.55% complaint rate')).toBeInTheDocument();
    expect(stepRows()).toEqual([
      [
        'Step',
        'Subject',
        'Sent',
        'Delivered',
        'Bounced',
        'Replied',
        'Clicked',
        'Unsubscribed',
        'Complaints',
        'Reply rate',
        'Complaint rate',
      ],
      ['1', 'Hello {{first_name}}', '16', '13', '3', '4', '3', '2', '1', '25%', '6.25%'],
      ['2', 'Following up', '4', '4', '0', '1', '1', '1', '0', '25%', '0%'],
      ['3', 'Last note', '2', '2', '0', '0', '0', '0', '0', '0%', '0%'],
    ]);
    expect(screen.getByRole('region', { name: 'Per day' })).toBeInTheDocument();
  });

  it('asks the chosen period', async () => {
    const { server, user } = openTab((request) => ({ body: figures(request) }));
    await screen.findByRole('table', { name: 'Steps' });
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(server.requestsTo(path).at(-1)?.query.get('from')).toBe('2030-05-14'),
    );
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    await waitFor(() =>
      expect(server.requestsTo(path).at(-1)?.query.get('from')).toBe('2030-01-01'),
    );
    expect(server.requestsTo(path).at(-1)?.query.get('to')).toBe('2030-05-20');
  });

  it('says so when the campaign sent nothing in the period', async () => {
    openTab((request) => ({
      body: makeCampaignAnalytics({
        from: request.query.get('from') ?? '',
        to: request.query.get('to') ?? '',
        per_step: [{ step: 1, subject: 'Hello', ...zeroCounts }],
      }),
    }));
    expect(await screen.findByText('No e-mails were sent in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Per day' })).not.toBeInTheDocument();
    expect(stepRows()[1]).toEqual(['1', 'Hello', '0', '0', '0', '0', '0', '0', '0', '0%', '0%']);
  });

  it('shows sends, replies, bounces and complaints of each A/B variant under its step', async () => {
    openTab((request) => ({
      body: makeCampaignAnalytics({
        from: request.query.get('from') ?? '',
        to: request.query.get('to') ?? '',
        totals: { ...zeroCounts, sent: 9, delivered: 7, bounced: 2, contacted: 9, replied: 3 },
        per_step: [
          {
            step: 1,
            subject: 'Quick question',
            ...zeroCounts,
            sent: 9,
            delivered: 7,
            bounced: 2,
            contacted: 9,
            replied: 3,
            complained: 1,
            variants: [
              {
                variant: 'A',
                subject: 'Quick question',
                ...zeroCounts,
                sent: 5,
                delivered: 4,
                bounced: 1,
                contacted: 5,
                replied: 1,
              },
              {
                variant: 'B',
                subject: 'A thought',
                ...zeroCounts,
                sent: 4,
                delivered: 3,
                bounced: 1,
                contacted: 4,
                replied: 2,
                complained: 1,
              },
            ],
          },
          { step: 2, subject: 'Following up', ...zeroCounts },
        ],
      }),
    }));
    await screen.findByRole('table', { name: 'Steps' });
    expect(stepRows().slice(1)).toEqual([
      ['1', 'Quick question', '9', '7', '2', '3', '0', '0', '1', '33.3%', '11.11%'],
      ['Variant A', 'Quick question', '5', '4', '1', '1', '0', '0', '0', '20%', '0%'],
      ['Variant B', 'A thought', '4', '3', '1', '2', '0', '0', '1', '50%', '25%'],
      ['2', 'Following up', '0', '0', '0', '0', '0', '0', '0', '0%', '0%'],
    ]);
  });

  it('shows a message when the figures fail', async () => {
    openTab(errorBody(500, 'Internal Server Error'));
    expect(
      await screen.findByText('Something went wrong, please try again later.'),
    ).toBeInTheDocument();
  });
});
