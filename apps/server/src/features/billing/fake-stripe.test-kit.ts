import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | undefined;
};

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  client_secret: string;
  customer: string | null;
  mode: string;
  ui_mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number | null;
  invoice: string | null;
  payment_intent: string | null;
  subscription: string | null;
  return_url: string;
  metadata: Record<string, string>;
};

export type FakeStripe = {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  // The payment method the customer has on file.
  paymentMethod: Record<string, unknown> | null;
  // Payment intent → the invoice it paid.
  invoicePayments: Map<string, string>;
  close: () => Promise<void>;
};

// Answers as Stripe's API does (same paths, form-encoded requests, JSON objects and error
// shape) for the calls the Stripe provider makes, so the real SDK can be pointed at it.
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  let counter = 0;
  let customers = 0;
  const fake: FakeStripe = {
    url: '',
    requests,
    sessions,
    paymentMethod: null,
    invoicePayments: new Map(),
    close: async () => undefined,
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${counter}`,
    });
    response.end(JSON.stringify(body));
  };
  const notFound = (response: ServerResponse, message: string) =>
    send(response, 404, { error: { type: 'invalid_request_error', message } });

  const handle = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const form = new URLSearchParams(body);
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form,
      authorization: request.headers.authorization,
    });
    counter += 1;
    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /v1/customers') {
      customers += 1;
      return send(response, 200, {
        id: `cus_test_${customers}`,
        object: 'customer',
        email: form.get('email'),
        metadata: { userId: form.get('metadata[userId]') },
      });
    }
    if (route === 'POST /v1/checkout/sessions') {
      const id = `cs_test_${counter}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        client_secret: `${id}_secret_fake`,
        customer: form.get('customer'),
        mode: form.get('mode') ?? 'payment',
        ui_mode: form.get('ui_mode') ?? 'hosted_page',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: null,
        invoice: null,
        payment_intent: null,
        subscription: null,
        return_url: form.get('return_url') ?? '',
        metadata: { userId: form.get('metadata[userId]') ?? '' },
      };
      sessions.set(id, session);
      return send(response, 200, session);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && sessionPath?.[1]) {
      const session = sessions.get(sessionPath[1]);
      return session
        ? send(response, 200, session)
        : notFound(response, `No such checkout.session: '${sessionPath[1]}'`);
    }
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (request.method === 'POST' && expirePath?.[1]) {
      const session = sessions.get(expirePath[1]);
      if (!session) return notFound(response, `No such checkout.session: '${expirePath[1]}'`);
      // As Stripe: only an open session can be expired.
      if (session.status !== 'open') {
        return send(response, 400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          },
        });
      }
      session.status = 'expired';
      return send(response, 200, session);
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      return send(response, 200, {
        id: 'bps_test_1',
        object: 'billing_portal.session',
        customer: form.get('customer'),
        return_url: form.get('return_url'),
        url: 'https://billing.stripe.test/p/session/test_1',
      });
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'DELETE' && subscriptionPath?.[1]) {
      return send(response, 200, {
        id: subscriptionPath[1],
        object: 'subscription',
        status: 'canceled',
      });
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && customerPath?.[1]) {
      // The SDK sends expand[0]=…; Stripe also takes expand[]=….
      const expanded = [...url.searchParams]
        .filter(([key]) => /^expand\[\d*\]$/.test(key))
        .map(([, value]) => value);
      const method = fake.paymentMethod;
      return send(response, 200, {
        id: customerPath[1],
        object: 'customer',
        email: 'billing@acme.com',
        invoice_settings: {
          default_payment_method: method
            ? expanded.includes('invoice_settings.default_payment_method')
              ? method
              : method.id
            : null,
        },
      });
    }
    const methodsPath = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(url.pathname);
    if (request.method === 'GET' && methodsPath) {
      return send(response, 200, {
        object: 'list',
        data: fake.paymentMethod ? [fake.paymentMethod] : [],
        has_more: false,
        url: url.pathname,
      });
    }
    if (route === 'GET /v1/invoice_payments') {
      const paymentIntent = url.searchParams.get('payment[payment_intent]') ?? '';
      const invoice = fake.invoicePayments.get(paymentIntent);
      return send(response, 200, {
        object: 'list',
        data: invoice
          ? [
              {
                id: `inpay_${paymentIntent}`,
                object: 'invoice_payment',
                invoice,
                payment: { type: 'payment_intent', payment_intent: paymentIntent },
                status: 'paid',
              },
            ]
          : [],
        has_more: false,
        url: url.pathname,
      });
    }
    return notFound(response, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
  };

  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => handle(request, body, response));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return fake;
}
