import { billingMessages, invoiceMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { makeReceipt } from '../billing.test-kit.ts';

// Twelve receipts, January 1 to 12, 2026, the server's newest first.
const receipts = Array.from({ length: 12 }, (_, index) => makeReceipt(12 - index));

function openInvoices(answer: unknown = receipts) {
  const server = createFakeServer({ 'GET /api/checkout/receipts': { body: answer } });
  logIn(server);
  const app = renderApp('/settings/invoices');
  return { server, ...app };
}

const table = () => screen.getByRole('table', { name: 'Invoices' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('invoices (product-spec §2 "Invoices")', () => {
  it('lists date, amount in dollars, status and actions, 10 per page', async () => {
    openInvoices();
    await screen.findByRole('table', { name: 'Invoices' });
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Date', 'Amount', 'Status', 'Actions']);
    expect(bodyRows()).toHaveLength(10);
    const first = within(bodyRows()[0] as HTMLElement);
    expect(first.getByText('January 12, 2026')).toBeInTheDocument();
    expect(first.getByText('$12.23')).toBeInTheDocument();
    expect(first.getByText('Paid')).toBeInTheDocument();
  });

  it('pages through the receipts', async () => {
    const { user } = openInvoices();
    await screen.findByRole('table', { name: 'Invoices' });
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(firstCells()).toEqual(['January 2, 2026', 'January 1, 2026']);
  });

  it('sorts by date, newest first, then oldest first', async () => {
    const { user } = openInvoices();
    await screen.findByRole('table', { name: 'Invoices' });
    expect(firstCells()[0]).toBe('January 12, 2026');
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    expect(firstCells().slice(0, 3)).toEqual([
      'January 1, 2026',
      'January 2, 2026',
      'January 3, 2026',
    ]);
    expect(within(table()).getAllByRole('columnheader')[0]).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    expect(firstCells()[0]).toBe('January 12, 2026');
  });

  it('keeps the page and the order in the address, for a reload or Back', async () => {
    const server = createFakeServer({ 'GET /api/checkout/receipts': { body: receipts } });
    logIn(server);
    const { user, location, router } = renderApp('/settings/invoices?order=asc&page=2');
    await screen.findByRole('table', { name: 'Invoices' });
    expect(firstCells()).toEqual(['January 11, 2026', 'January 12, 2026']);
    await user.click(screen.getByRole('button', { name: '1' }));
    await waitFor(() => expect(location()).toBe('/settings/invoices?order=asc'));
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await waitFor(() => expect(location()).toBe('/settings/invoices'));
    expect(firstCells()[0]).toBe('January 12, 2026');
    await router.navigate(-1);
    await waitFor(() => expect(firstCells()[0]).toBe('January 1, 2026'));
  });

  it('reads an order or page it cannot use as the default', async () => {
    const server = createFakeServer({ 'GET /api/checkout/receipts': { body: receipts } });
    logIn(server);
    renderApp('/settings/invoices?order=sideways&page=-3');
    await screen.findByRole('table', { name: 'Invoices' });
    expect(firstCells()[0]).toBe('January 12, 2026');
    expect(bodyRows()).toHaveLength(10);
  });

  it('opens the receipt in a new tab', async () => {
    openInvoices([makeReceipt(3)]);
    const preview = await screen.findByRole('link', { name: 'Preview Invoice' });
    expect(preview).toHaveAttribute(
      'href',
      `${window.location.origin}/api/checkout/receipts/rcpt_3/view?sig=s3`,
    );
    expect(preview).toHaveAttribute('target', '_blank');
  });

  it('copies the invoice link', async () => {
    const { user } = openInvoices([makeReceipt(3)]);
    await user.click(await screen.findByRole('button', { name: 'Copy invoice link' }));
    expect(await screen.findByText(invoiceMessages.linkCopied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/api/checkout/receipts/rcpt_3/view?sig=s3`,
    );
  });

  it('says when the link cannot be copied', async () => {
    const { user } = openInvoices([makeReceipt(3)]);
    const copy = await screen.findByRole('button', { name: 'Copy invoice link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(copy);
    expect(await screen.findByText(invoiceMessages.copyFailed)).toBeInTheDocument();
  });

  it('keeps the actions of a failed receipt out of use', async () => {
    openInvoices([makeReceipt(2), makeReceipt(1, { status: 'failed' })]);
    await screen.findByRole('table', { name: 'Invoices' });
    const [paid, failed] = bodyRows() as [HTMLElement, HTMLElement];
    expect(within(failed).getByRole('button', { name: 'Send Invoice' })).toBeDisabled();
    expect(within(failed).getByRole('button', { name: 'Preview Invoice' })).toBeDisabled();
    expect(within(failed).getByRole('button', { name: 'Copy invoice link' })).toBeDisabled();
    expect(within(failed).queryByRole('link')).toBeNull();
    expect(within(paid).getByRole('button', { name: 'Send Invoice' })).toBeEnabled();
    // The status reads as a word, as the bulk badges do, not as the server's id.
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    // A declined card took no money: the row says so instead of reading as a charge.
    expect(within(failed).getByText('Declined, not charged')).toBeInTheDocument();
  });

  it('sends an invoice to the address given', async () => {
    const { server, user } = openInvoices([makeReceipt(3)]);
    server.on('POST /api/checkout/receipts/send', { body: { message: 'sent' } });
    await user.click(await screen.findByRole('button', { name: 'Send Invoice' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send Invoice' }));
    const email = dialog.getByLabelText('Email', { exact: false });
    expect(email).toHaveValue('ann@acme.com');
    await user.clear(email);
    await user.type(email, 'books@acme.com');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(invoiceMessages.sent)).toBeInTheDocument();
    expect(server.requestsTo('POST /api/checkout/receipts/send')[0]?.body).toEqual({
      email: 'books@acme.com',
      receipts: [makeReceipt(3)],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the address and says when sending fails', async () => {
    const { server, user } = openInvoices([makeReceipt(3)]);
    server.on('POST /api/checkout/receipts/send', errorBody(500, 'boom'));
    await user.click(await screen.findByRole('button', { name: 'Send Invoice' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send Invoice' }));
    const email = dialog.getByLabelText('Email', { exact: false });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(server.requestsTo('POST /api/checkout/receipts/send')).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'books@acme.com');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(invoiceMessages.sendFailed)).toBeInTheDocument();
  });

  it('invites a user without invoices to add credits', async () => {
    openInvoices([]);
    expect(await screen.findByText(invoiceMessages.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/purchase');
  });

  it('says when the receipts cannot be read', async () => {
    const server = createFakeServer({
      'GET /api/checkout/receipts': errorBody(400, billingMessages.cannotGetReceipts),
    });
    logIn(server);
    renderApp('/settings/invoices');
    expect(await screen.findByText(billingMessages.cannotGetReceipts)).toBeInTheDocument();
  });
});
