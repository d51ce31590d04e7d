import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logInWithMail, makeCampaign, serveCampaign } from '../campaigns.test-kit.ts';

const saved = {
  name: 'Office hours',
  timezone: 'Europe/Berlin',
  start_time: '09:00',
  end_time: '17:00',
  start_date: '2026-04-01',
  end_date: null,
  days: ['MON', 'WED'] as ('MON' | 'WED')[],
};

function openSchedule(schedules = [saved]) {
  const server = createFakeServer({});
  logInWithMail(server);
  serveCampaign(server, makeCampaign({ schedules }));
  const app = renderApp('/campaigns/campaign-configuration/camp-1/schedule');
  return { server, ...app };
}

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input' });
const patches = (server: ReturnType<typeof openSchedule>['server']) =>
  server.requestsTo('PATCH /api/mail/campaigns/camp-1').map((request) => request.body);

describe('schedule step (product-spec §5 Schedule)', () => {
  it('shows the saved schedule and saves it as the campaign’s schedules', async () => {
    const { server, user } = openSchedule();
    expect(await screen.findByRole('textbox', { name: /Schedule Name/ })).toHaveValue(
      'Office hours',
    );
    expect(screen.getByRole('combobox', { name: /Timezone/ })).toHaveValue('Europe/Berlin');
    expect(screen.getByRole('checkbox', { name: 'MON' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'TUE' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'FRI' }));
    await user.type(field('End Date'), '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches(server)).toEqual([
        { schedules: [{ ...saved, end_date: '2026-06-30', days: ['MON', 'WED', 'FRI'] }] },
      ]),
    );
    expect(await screen.findByText('Schedule saved.')).toBeInTheDocument();
  });

  it('offers the days MON to SUN', async () => {
    openSchedule();
    await screen.findByRole('checkbox', { name: 'MON' });
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual([
      'MON',
      'TUE',
      'WED',
      'THU',
      'FRI',
      'SAT',
      'SUN',
    ]);
  });

  it('requires a name of at most 30 characters, a start time and a start date', async () => {
    const { server, user } = openSchedule();
    const name = await screen.findByRole('textbox', { name: /Schedule Name/ });
    await user.clear(name);
    await user.clear(field('Time From'));
    await user.clear(field('Start Date'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    await user.click(name);
    await user.paste('y'.repeat(40));
    expect(name).toHaveValue('y'.repeat(30));
    expect(screen.getByText('30/30')).toBeInTheDocument();
    expect(patches(server)).toEqual([]);
  });

  it('says "Time To must be later than Time From on the same day"', async () => {
    const { server, user } = openSchedule();
    await user.type(await screen.findByLabelText(/End Date/), '2026-04-01');
    await user.clear(field('Time To'));
    await user.type(field('Time To'), '08:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Time To must be later than Time From on the same day'),
    ).toBeInTheDocument();
    expect(patches(server)).toEqual([]);
  });

  it('shows an end time before the start time as an overnight window and saves it so', async () => {
    const { server, user } = openSchedule();
    await user.clear(await screen.findByLabelText(/Time From/));
    await user.type(field('Time From'), '17:00');
    await user.clear(field('Time To'));
    await user.type(field('Time To'), '09:00');
    expect(await screen.findByText('Overnight window: 17:00 → 09:00 next day')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches(server)).toEqual([
        { schedules: [{ ...saved, start_time: '17:00', end_time: '09:00' }] },
      ]),
    );
  });

  it('a window on a single day is refused, not shown as overnight', async () => {
    const { user } = openSchedule();
    await user.type(await screen.findByLabelText(/End Date/), '2026-04-01');
    await user.clear(field('Time To'));
    await user.type(field('Time To'), '08:30');
    expect(
      await screen.findByText('Time To must be later than Time From on the same day'),
    ).toBeVisible();
    expect(screen.queryByText(/Overnight window/)).not.toBeInTheDocument();
  });

  it('checks the name and the times as they are typed, before the field is left', async () => {
    const { user } = openSchedule();
    const name = await screen.findByRole('textbox', { name: /Schedule Name/ });
    await user.clear(name);
    expect(name).toHaveFocus();
    expect(await screen.findByText('This field is required')).toBeVisible();
    await user.type(field('End Date'), '2026-04-01');
    await user.clear(field('Time To'));
    await user.type(field('Time To'), '08:30');
    expect(field('Time To')).toHaveFocus();
    expect(
      await screen.findByText('Time To must be later than Time From on the same day'),
    ).toBeVisible();
  });

  it('a new schedule left without a name says so as the field is left', async () => {
    const { user } = openSchedule([]);
    await user.click(await screen.findByRole('textbox', { name: /Schedule Name/ }));
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeVisible();
  });

  it('refuses an end date before the start date', async () => {
    const { user } = openSchedule();
    await user.type(await screen.findByLabelText(/End Date/), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('End date cannot be before start date')).toBeInTheDocument();
  });

  it('needs at least one day', async () => {
    const { server, user } = openSchedule();
    await user.click(await screen.findByRole('checkbox', { name: 'MON' }));
    await user.click(screen.getByRole('checkbox', { name: 'WED' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select at least one day')).toBeInTheDocument();
    expect(patches(server)).toEqual([]);
  });

  it('needs a timezone', async () => {
    const { user } = openSchedule([{ ...saved, timezone: '' }]);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
  });

  it("starts a new campaign's schedule on work days, 09:00 to 17:00", async () => {
    openSchedule([]);
    expect(await screen.findByRole('textbox', { name: /Schedule Name/ })).toHaveValue('');
    expect(field('Time From')).toHaveValue('09:00');
    expect(field('Time To')).toHaveValue('17:00');
    expect(screen.getByRole('checkbox', { name: 'FRI' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'SAT' })).not.toBeChecked();
  });
});
