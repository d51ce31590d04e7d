import type { OverallAnalytics } from '@mailhound/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody, type FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { campaignPage, logInWithMail, makeCampaign } from '../../campaigns/campaigns.test-kit.ts';
import { makeOverall, zeroCounts } from '../analytics.test-kit.ts';

const totals = {
  sent: 34,
  delivered: 30,
  bounced: 4,
  contacted: 24,
  replied: 7,
  unsubscribed: 4,
  clicked: 5,
  complained: 1,
};
const rates = {
  delivery: 30 / 34,
  bounce: 4 / 34,
  reply: 7 / 24,
  unsubscribe: 4 / 24,
  click: 5 / 30,
  complaint: 1 / 34,
};
const perCampaign = Array.from({ length: 13 }, (_, index) => ({
  id: `camp-${index + 1}`,
  name: `Campaign ${index + 1}`,
  status: index === 0 ? 'active' : 'paused',
  ...zeroCounts,
  sent: 10 + index,
  delivered: 9 + index,
  bounced: 1,
  contacted: 8,
  replied: 2,
  clicked: 3,
  unsubscribed: 1,
  complained: index === 0 ? 1 : 0,
}));

const choices = {
  body: campaignPage([
    makeCampaign({ id: 'camp-2', name: 'Founders' }),
    makeCampaign({ id: 'camp-1', name: 'Spring launch' }),
  ]),
};

function openAnalytics(answer: (request: FakeRequest) => OverallAnalytics, url = '/analytics') {
  const server = createFakeServer({
    'GET /api/mail/analytics': (request) => ({ body: answer(request) }),
    'GET /api/mail/campaigns/list': choices,
  });
  logInWithMail(server);
  return { server, ...renderApp(url) };
}

const withFigures = () => makeOverall({ totals, rates, per_campaign: perCampaign });
const card = (label: string) => within(screen.getByRole('region', { name: label }));
const lastQuery = (server: ReturnType<typeof openAnalytics>['server']) =>
  server.requestsTo('GET /api/mail/analytics').at(-1)?.query;
const campaignRows = () =>
  within(screen.getByRole('table', { name: 'Campaigns' }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() => {
  // jsdom lays nothing out; recharts measures its container and warns at 0 × 0.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    new DOMRect(0, 0, 800, 260),
  );
  // Only the date: "today" is May 20, 2030 (UTC) in every test.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-05-20T15:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('analytics screen', () => {
  it('asks the last 30 days of every campaign and shows each figure with its rate', async () => {
    const { server } = openAnalytics(withFigures);
    await screen.findByRole('region', { name: 'Sent' });
    expect(lastQuery(server)?.get('from')).toBe('2030-04-21');
    expect(lastQuery(server)?.get('to')).toBe('2030-05-20');
    expect(lastQuery(server)?.has('campaign_id')).toBe(false);
    expect(card('Sent').getByText('34')).toBeInTheDocument();
    expect(card('Sent').getByText('To 24 contacts')).toBeInTheDocument();
    expect(card('Delivered').getByText('30')).toBeInTheDocument();
    expect(card('Delivered').getByText('88.2% delivery rate')).toBeInTheDocument();
    expect(card('Bounced').getByText('11.8% bounce rate')).toBeInTheDocument();
    expect(card('Replied').getByText('7')).toBeInTheDocument();
    expect(card('Replied').getByText('29.2% reply rate')).toBeInTheDocument();
    expect(card('Unsubscribed').getByText('16.7% unsubscribe rate')).toBeInTheDocument();
    expect(card('Clicked').getByText('16.7% click rate')).toBeInTheDocument();
    expect(card('Complaints').getByText('1')).toBeInTheDocument();
    expect(card('Complaints').getByText('2.94% complaint rate')).toBeInTheDocument();
    const chart = within(screen.getByRole('region', { name: 'Per day' }));
    for (const line of ['Sent', 'Replied', 'Bounced']) {
      expect(chart.getByText(line)).toBeInTheDocument();
    }
  });

  it('lists the campaigns 10 a page, each name opening its analytics tab', async () => {
    const { user } = openAnalytics(withFigures);
    await screen.findByRole('table', { name: 'Campaigns' });
    const headers = within(screen.getByRole('table', { name: 'Campaigns' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Campaign',
      'Status',
      'Sent',
      'Delivered',
      'Bounced',
      'Replied',
      'Clicked',
      'Unsubscribed',
      'Complaints',
      'Reply rate',
      'Complaint rate',
    ]);
    expect(campaignRows()).toHaveLength(10);
    const first = within(campaignRows()[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Campaign 1' })).toHaveAttribute(
      'href',
      '/campaigns/campaign-configuration/camp-1/analytics',
    );
    expect(
      within(campaignRows()[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Campaign 1', 'Active', '10', '9', '1', '2', '3', '1', '1', '25%', '10%']);
    expect(screen.getByText('Showing 1-10 of 13 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(campaignRows()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Campaign 13' })).toBeInTheDocument();
  });

  it('asks the chosen period: a preset or a custom from-to', async () => {
    const { server, user } = openAnalytics((request) =>
      makeOverall({
        from: request.query.get('from') ?? '',
        to: request.query.get('to') ?? '',
        totals,
        rates,
      }),
    );
    await screen.findByRole('region', { name: 'Sent' });
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(lastQuery(server)?.get('from')).toBe('2030-05-14'));
    expect(lastQuery(server)?.get('to')).toBe('2030-05-20');
    await user.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() => expect(lastQuery(server)?.get('from')).toBe('2030-02-20'));

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    // The custom dates start from the period on screen.
    expect(screen.getByLabelText('From')).toHaveValue('2030-02-20');
    expect(screen.getByLabelText('To')).toHaveValue('2030-05-20');
    // Days after today cannot be picked: nothing was sent then.
    expect(screen.getByLabelText('To')).toHaveAttribute('max', '2030-05-20');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-05-03' } });
    await waitFor(() => expect(lastQuery(server)?.get('to')).toBe('2030-05-03'));
    expect(lastQuery(server)?.get('from')).toBe('2030-05-01');

    // A start after the end is named and never asked.
    const asked = server.requestsTo('GET /api/mail/analytics').length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-05-09' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must not be after the end date.',
    );
    expect(server.requestsTo('GET /api/mail/analytics')).toHaveLength(asked);
  });

  it('narrows to the chosen campaign, and back to all campaigns', async () => {
    const { server, user } = openAnalytics(withFigures);
    await screen.findByRole('region', { name: 'Sent' });
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Founders', hidden: true }));
    await waitFor(() => expect(lastQuery(server)?.get('campaign_id')).toBe('camp-2'));
    expect(lastQuery(server)?.get('from')).toBe('2030-04-21');
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'All campaigns', hidden: true }));
    await waitFor(() => expect(lastQuery(server)?.has('campaign_id')).toBe(false));
  });

  it('opens on the period, campaign and page the address names', async () => {
    const { server } = openAnalytics(
      withFigures,
      '/analytics?period=custom&from=2030-05-01&to=2030-05-03&campaign=camp-2&page=2',
    );
    expect(await screen.findByText('Showing 11-13 of 13 results')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(server)?.get('campaign_id')).toBe('camp-2'));
    expect(lastQuery(server)?.get('from')).toBe('2030-05-01');
    expect(lastQuery(server)?.get('to')).toBe('2030-05-03');
    expect(screen.getByLabelText('From')).toHaveValue('2030-05-01');
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
  });

  it('writes the period and campaign chosen to the address; Back returns to the last', async () => {
    const { server, user, location, router } = openAnalytics(withFigures);
    await screen.findByRole('region', { name: 'Sent' });
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(location()).toBe('/analytics?period=7'));
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Founders', hidden: true }));
    await waitFor(() => expect(location()).toBe('/analytics?period=7&campaign=camp-2'));
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-05-16' } });
    await waitFor(() =>
      expect(location()).toBe(
        '/analytics?period=custom&campaign=camp-2&from=2030-05-16&to=2030-05-20',
      ),
    );
    await router.navigate(-1);
    await waitFor(() => expect(lastQuery(server)?.get('from')).toBe('2030-05-14'));
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
  });

  it('reads a period or campaign it cannot use as the default', async () => {
    const { server } = openAnalytics(
      withFigures,
      '/analytics?period=custom&from=2030-05-09&to=2030-05-01&campaign=nobody',
    );
    await screen.findByRole('region', { name: 'Sent' });
    expect(lastQuery(server)?.get('from')).toBe('2030-04-21');
    expect(lastQuery(server)?.has('campaign_id')).toBe(false);
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  });

  it('says so when nothing was sent in the period', async () => {
    openAnalytics(() =>
      makeOverall({ per_campaign: perCampaign.map((row) => ({ ...row, ...zeroCounts })) }),
    );
    expect(await screen.findByText('No e-mails were sent in this period.')).toBeInTheDocument();
    expect(card('Sent').getByText('0')).toBeInTheDocument();
    expect(card('Replied').getByText('0% reply rate')).toBeInTheDocument();
    expect(card('Complaints').getByText('0% complaint rate')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Per day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Campaigns' })).not.toBeInTheDocument();
  });

  it('shows placeholders while loading, and a message when the figures fail', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const server = createFakeServer({
      'GET /api/mail/analytics': async () => {
        await answered;
        return errorBody(500, 'Internal Server Error');
      },
      'GET /api/mail/campaigns/list': choices,
    });
    logInWithMail(server);
    renderApp('/analytics');
    expect(await screen.findByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    answer();
    expect(
      await screen.findByText('Something went wrong, please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading analytics' })).not.toBeInTheDocument();
  });
});
