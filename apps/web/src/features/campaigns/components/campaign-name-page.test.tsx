import { campaignMessages } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { campaignPage, logInWithMail, makeCampaign, serveCampaign } from '../campaigns.test-kit.ts';

function openNameStep() {
  const server = createFakeServer({
    'GET /api/mail/campaigns/list': { body: campaignPage([]) },
    'GET /api/mail/groups/list': {
      body: { groups: [], page: 1, pages: 0, per_page: 10, total_count: 0 },
    },
  });
  logInWithMail(server);
  return { server, ...renderApp('/campaigns/campaign-name') };
}

describe('New campaign name (product-spec §2)', () => {
  it('creates the campaign paused and opens its configuration on the contacts step', async () => {
    const { server, user, location } = openNameStep();
    serveCampaign(server, makeCampaign({ id: 'camp-7', name: 'Spring launch' }));
    server.on('POST /api/mail/campaigns', {
      status: 201,
      body: makeCampaign({ id: 'camp-7', name: 'Spring launch' }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '  Spring launch ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(location()).toBe('/campaigns/campaign-configuration/camp-7/contacts'),
    );
    expect(server.requestsTo('POST /api/mail/campaigns')[0]?.body).toEqual({
      name: 'Spring launch',
      status: 'paused',
    });
    expect(await screen.findByRole('heading', { name: 'Spring launch' })).toBeInTheDocument();
  });

  it('focuses its only field', async () => {
    openNameStep();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('requires a name and counts up to 50 characters', async () => {
    const { server, user } = openNameStep();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(name, 'x'.repeat(60));
    expect(name).toHaveValue('x'.repeat(50));
    expect(screen.getByText('50/50')).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/campaigns')).toHaveLength(0);
  });

  it('shows the server’s "This name is already in use." under the field', async () => {
    const { server, user, location } = openNameStep();
    server.on('POST /api/mail/campaigns', errorBody(409, campaignMessages.nameInUse));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('This name is already in use.'),
      ),
    );
    expect(location()).toBe('/campaigns/campaign-name');
  });

  it('Cancel goes back to the campaigns list', async () => {
    const { user, location } = openNameStep();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/campaigns'));
  });
});
