import { type CampaignAnswer, campaignMessages, contactMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFocusBackFromRowDialog } from '../../../test/dialog-focus.ts';
import { createFakeServer, errorBody, type FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { campaignPage, logInWithMail, makeCampaign } from '../campaigns.test-kit.ts';

const campaigns = Array.from({ length: 10 }, (_, index) =>
  makeCampaign({ id: `camp-${index + 1}`, name: `Campaign ${index + 1}` }),
);

function openCampaigns(
  answer: (request: FakeRequest) => unknown = () => campaignPage(campaigns, 1, 23),
) {
  const server = createFakeServer({
    'GET /api/mail/campaigns/list': (request) => ({ body: answer(request) }),
  });
  logInWithMail(server);
  return { server, ...renderApp('/campaigns') };
}

const table = () => screen.getByRole('table', { name: 'Campaigns' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const lastListQuery = (server: ReturnType<typeof openCampaigns>['server']) =>
  server.requestsTo('GET /api/mail/campaigns/list').at(-1)?.query;

describe('campaigns list', () => {
  it('says under its status which campaign has nobody left to e-mail', async () => {
    openCampaigns(() =>
      campaignPage([
        makeCampaign({ id: 'done', name: 'Done', status: 'active', nothing_left: true }),
        makeCampaign({ id: 'live', name: 'Live', status: 'active' }),
      ]),
    );
    await screen.findByRole('table', { name: 'Campaigns' });
    const [done, live] = bodyRows() as HTMLElement[];
    expect(within(done as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(done).toHaveTextContent(campaignMessages.nothingLeft);
    expect(live).not.toHaveTextContent('Nothing left to send');
  });

  it('shows name, status, contact list and the creation date as DD.MM.YYYY in UTC', async () => {
    const one: CampaignAnswer = makeCampaign({
      id: 'camp-9',
      name: 'Founders',
      status: 'active',
      customer_group_name: 'Founders list',
      created: '2026-03-07T23:30:00.000Z',
    });
    openCampaigns(() => campaignPage([one, makeCampaign({ id: 'x', name: 'Old', ended: true })]));
    await screen.findByRole('table', { name: 'Campaigns' });
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Status', 'Contact List', 'Created', 'Actions']);
    const row = within(bodyRows()[0] as HTMLElement);
    expect(row.getByRole('link', { name: 'Founders' })).toHaveAttribute(
      'href',
      '/campaigns/campaign-configuration/camp-9',
    );
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(row.getByText('Founders list')).toBeInTheDocument();
    // 23:30 UTC on the 7th, whatever the machine's timezone.
    expect(row.getByText('07.03.2026')).toBeInTheDocument();
    expect(within(bodyRows()[1] as HTMLElement).getByText('Ended')).toBeInTheDocument();
  });

  it('asks 10 campaigns a page and pages on', async () => {
    const { server, user } = openCampaigns((request) =>
      campaignPage(campaigns, Number(request.query.get('page')), 23),
    );
    await screen.findByRole('table', { name: 'Campaigns' });
    expect(lastListQuery(server)?.get('count')).toBe('10');
    expect(screen.getByText('Showing 1-10 of 23 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21-23 of 23 results')).toBeInTheDocument();
    expect(lastListQuery(server)?.get('page')).toBe('3');
  });

  it('sorts by name A-Z then Z-A, by status and by creation date', async () => {
    const { server, user } = openCampaigns();
    await screen.findByRole('table', { name: 'Campaigns' });
    await user.click(screen.getByRole('button', { name: 'Name, sort A-Z' }));
    await waitFor(() => expect(lastListQuery(server)?.get('column')).toBe('name'));
    expect(lastListQuery(server)?.get('order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Name, sorted A-Z' }));
    await waitFor(() => expect(lastListQuery(server)?.get('order')).toBe('desc'));
    await user.click(screen.getByRole('button', { name: 'Status, sort active first' }));
    await waitFor(() => expect(lastListQuery(server)?.get('column')).toBe('status'));
    expect(lastListQuery(server)?.get('order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Created, sort oldest first' }));
    await waitFor(() => expect(lastListQuery(server)?.get('column')).toBe('created'));
    expect(lastListQuery(server)?.get('order')).toBe('asc');
  });

  it('searches by name (column name, A-Z, 10 a page) and says No results found', async () => {
    const { server, user } = openCampaigns();
    server.on('GET /api/mail/campaigns/search', { body: campaignPage([], 1, 0) });
    await screen.findByRole('table', { name: 'Campaigns' });
    await user.type(screen.getByRole('textbox', { name: 'Search campaigns' }), 'spring');
    expect(await screen.findByText(contactMessages.noResults)).toBeInTheDocument();
    const search = server.requestsTo('GET /api/mail/campaigns/search');
    expect(search.map((request) => request.query.get('key'))).toEqual(['spring']);
    expect(search[0]?.query.get('column')).toBe('name');
    expect(search[0]?.query.get('order')).toBe('asc');
    expect(search[0]?.query.get('count')).toBe('10');
  });

  it('without campaigns offers New Campaign, which opens the name step', async () => {
    const { user, location } = openCampaigns(() => campaignPage([], 1, 0));
    await user.click(await screen.findByRole('link', { name: 'New Campaign' }));
    await waitFor(() => expect(location()).toBe('/campaigns/campaign-name'));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });

  it('renames a campaign, showing the server’s name-in-use message under the field', async () => {
    const { server, user } = openCampaigns(() => campaignPage([makeCampaign()]));
    let taken = true;
    server.on('PATCH /api/mail/campaigns/camp-1', (request) =>
      taken
        ? errorBody(409, campaignMessages.nameInUse)
        : { body: makeCampaign({ name: (request.body as { name: string }).name }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for Spring launch' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Campaign Name' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Summer launch');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This name is already in use.')).toBeInTheDocument();
    taken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('PATCH /api/mail/campaigns/camp-1').at(-1)?.body).toEqual({
      name: 'Summer launch',
    });
  });

  it('gives focus back to the row’s Actions button when Rename is closed with Escape', async () => {
    const { user } = openCampaigns(() => campaignPage([makeCampaign()]));
    await expectFocusBackFromRowDialog(user, 'Spring launch', 'Rename');
  });

  it('deletes a campaign after confirmation and reloads the list', async () => {
    const { server, user } = openCampaigns(() => campaignPage([makeCampaign()]));
    server.on('DELETE /api/mail/campaigns/camp-1', { body: { message: 'Campaign deleted' } });
    await user.click(await screen.findByRole('button', { name: 'Actions for Spring launch' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Campaign' });
    const before = server.requestsTo('GET /api/mail/campaigns/list').length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE /api/mail/campaigns/camp-1')).toHaveLength(1);
    await waitFor(() =>
      expect(server.requestsTo('GET /api/mail/campaigns/list').length).toBeGreaterThan(before),
    );
  });

  it('warns before deleting an active campaign that it is sending and takes its sends along', async () => {
    const { user } = openCampaigns(() =>
      campaignPage([
        makeCampaign({ id: 'camp-1', name: 'Live', status: 'active' }),
        makeCampaign({ id: 'camp-2', name: 'Resting', status: 'paused' }),
        makeCampaign({ id: 'camp-3', name: 'Over', status: 'active', ended: true }),
      ]),
    );
    const warningOf = async (name: string) => {
      await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
      await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Campaign' });
      const warning = within(dialog).queryByRole('alert')?.textContent ?? null;
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      return warning;
    };
    expect(await warningOf('Live')).toBe(
      'This campaign is sending now. Deleting it stops its sending and deletes its sends and their analytics for good; replies stay in the Unibox.',
    );
    expect(await warningOf('Resting')).toBeNull();
    expect(await warningOf('Over')).toBeNull();
  });

  it('moves to the last page with rows when the only campaign of the last page is deleted', async () => {
    let kept = Array.from({ length: 11 }, (_, index) =>
      makeCampaign({ id: `camp-${index + 1}`, name: `Campaign ${index + 1}` }),
    );
    const { server, user } = openCampaigns((request) => {
      const page = Number(request.query.get('page'));
      return campaignPage(kept.slice((page - 1) * 10, page * 10), page, kept.length);
    });
    server.on('DELETE /api/mail/campaigns/camp-11', () => {
      kept = kept.slice(0, 10);
      return { body: { message: 'Campaign deleted' } };
    });
    await screen.findByRole('table', { name: 'Campaigns' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('button', { name: 'Actions for Campaign 11' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Showing 1-10 of 10 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
  });
});

describe('campaigns list in the address (a reload or Back keeps the search and page)', () => {
  function openAt(url: string) {
    const server = createFakeServer({
      'GET /api/mail/campaigns/list': (request) => ({
        body: campaignPage(campaigns, Number(request.query.get('page')), 23),
      }),
      'GET /api/mail/campaigns/search': (request) => ({
        body: campaignPage(campaigns, Number(request.query.get('page')), 23),
      }),
    });
    logInWithMail(server);
    return { server, ...renderApp(url) };
  }

  it('opens on the search and page the address names', async () => {
    const { server } = openAt('/campaigns?key=spring&page=2');
    expect(await screen.findByText('Showing 11-20 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search campaigns' })).toHaveValue('spring');
    const search = server.requestsTo('GET /api/mail/campaigns/search');
    expect(search.map((request) => request.query.get('key'))).toEqual(['spring']);
    expect(search[0]?.query.get('page')).toBe('2');
    expect(server.requestsTo('GET /api/mail/campaigns/list')).toHaveLength(0);
  });

  it('keeps the sort in the address and opens on it', async () => {
    const { server, user, location } = openAt('/campaigns?sort=status&order=desc');
    await screen.findByRole('table', { name: 'Campaigns' });
    expect(lastListQuery(server)?.get('column')).toBe('status');
    expect(lastListQuery(server)?.get('order')).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'Name, sort A-Z' }));
    await waitFor(() => expect(location()).toBe('/campaigns?sort=name&order=asc'));
    await waitFor(() => expect(lastListQuery(server)?.get('column')).toBe('name'));
  });

  it('reads a page or key it cannot use as none', async () => {
    const { server } = openAt(`/campaigns?page=abc&key=${'x'.repeat(31)}`);
    expect(await screen.findByText('Showing 1-10 of 23 results')).toBeInTheDocument();
    expect(lastListQuery(server)?.get('page')).toBe('1');
    expect(server.requestsTo('GET /api/mail/campaigns/search')).toHaveLength(0);
  });

  it('writes a page turned and a search typed; typing replaces the entry, Back restores', async () => {
    const { user, location, router } = openAt('/campaigns');
    await screen.findByRole('table', { name: 'Campaigns' });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(location()).toBe('/campaigns?page=3'));
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    // Page 1 leaves the address.
    await waitFor(() => expect(location()).toBe('/campaigns'));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('/campaigns?page=2'));
    await user.type(screen.getByRole('textbox', { name: 'Search campaigns' }), 'spring');
    // A new search starts on page 1, in place of the page-2 entry.
    await waitFor(() => expect(location()).toBe('/campaigns?key=spring'));
    // Back, as the browser's button: the focus leaves the field first.
    await user.tab();
    await router.navigate(-1);
    expect(await screen.findByText('Showing 1-10 of 23 results')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Search campaigns' })).toHaveValue(''),
    );
    expect(location()).toBe('/campaigns');
  });
});
