import {
  billingMessages,
  bonusAnswerSchema,
  cardAnswerSchema,
  checkoutConfigAnswerSchema,
  checkoutCreatedAnswerSchema,
  checkoutCreateSchema,
  checkoutSessionAnswerSchema,
  customerPortalSchema,
  errorAnswerSchema,
  localCardSchema,
  localConfirmAnswerSchema,
  localConfirmSchema,
  messageAnswerSchema,
  planListAnswerSchema,
  receiptSchema,
  sendInvoiceSchema,
  subscriptionAnswerSchema,
  urlAnswerSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser, tokenRequired } from '../../platform/auth-hook.ts';
import { badRequest, genericFailure } from '../../platform/errors.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { rateLimited } from '../../platform/rate-limit.ts';
import { claimOneTimeBonus } from './bonus.ts';
import {
  type Billing,
  cancelSubscription,
  cardDetails,
  checkoutSessionStatus,
  confirmLocalPayment,
  createCheckout,
  createPortal,
  saveLocalCardFor,
  settleAtProvider,
  withFailureMessage,
} from './checkout.ts';
import { applyPaymentEvent } from './fulfilment.ts';
import { createLocalProvider } from './local-provider.ts';
import { type PaymentProvider, WebhookSignatureError } from './payment-provider.ts';
import { loadPlanCatalogue, toPlanAnswer } from './plan-catalogue.ts';
import { listPlans } from './plans.ts';
import { listReceipts, type ReceiptLinks, renderReceiptPage, sendInvoice } from './receipts.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { readSubscriptionSummary } from './subscription-summary.ts';

const tags = ['billing'];
const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 404: errorAnswerSchema };
const sendInvoiceLimit = {
  bucket: 'receipt-mails',
  max: 10,
  windowMs: 15 * 60_000,
  refusal: 'Too many receipt e-mails.',
};

export function createPaymentProvider(deps: Pick<FeatureDeps, 'config' | 'db' | 'clock'>) {
  const stripe = deps.config.billing.stripe;
  return stripe ? createStripeProvider(stripe) : createLocalProvider(deps);
}

// api-spec §7 "Billing", route by route, and the local provider's own calls.
export function registerBillingRoutes(app: App, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const provider: PaymentProvider = createPaymentProvider(deps);
  const billing: Billing = {
    db: deps.db,
    clock: deps.clock,
    provider,
    catalogue: loadPlanCatalogue(deps.config.billing.plansFile),
    publicUrl: deps.config.publicUrl,
    log: (error, message) => app.log.error({ err: error }, message),
  };
  const links: ReceiptLinks = { publicUrl: deps.config.publicUrl, secret: deps.config.jwtSecret };
  // The token is checked before the payload: 'User unauthorized.' (api-spec §8), not a 400.
  const auth = { preValidation: requireUser };

  api.get(
    '/checkout/plans/list',
    {
      schema: {
        tags,
        summary: 'Plans on sale (public)',
        response: { 200: planListAnswerSchema, 500: errorAnswerSchema },
      },
    },
    () =>
      withFailureMessage(billing, billingMessages.cannotGetPlans, async () =>
        (await listPlans(deps.db, billing.catalogue)).map(toPlanAnswer),
      ),
  );

  api.get(
    '/checkout/config',
    {
      schema: {
        tags,
        summary: 'The payment provider the checkout page talks to (public)',
        response: { 200: checkoutConfigAnswerSchema },
      },
    },
    () =>
      provider.publishableKey
        ? { provider: provider.name, publishableKey: provider.publishableKey }
        : { provider: provider.name },
  );

  api.get(
    '/checkout/card',
    {
      ...auth,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'The card (or other payment method) on file, or null',
        response: { 200: cardAnswerSchema, ...errors, 500: errorAnswerSchema },
      },
    },
    (request) => cardDetails(billing, currentUser(request)),
  );

  api.post(
    '/checkout',
    {
      ...auth,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'Create an embedded checkout session for a plan or extra credits',
        description:
          'quantity is the number of credits for Extra credits (10 to 9,999,999) and 1 for a plan; returnUrl is on PUBLIC_URL and contains {CHECKOUT_SESSION_ID}.',
        body: checkoutCreateSchema,
        response: { 200: checkoutCreatedAnswerSchema, ...errors, 500: errorAnswerSchema },
      },
    },
    (request) => createCheckout(billing, currentUser(request), request.body),
  );

  api.get(
    '/checkout/receipts',
    {
      ...auth,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'Receipts, newest first',
        response: { 200: z.array(receiptSchema), ...errors, 500: errorAnswerSchema },
      },
    },
    (request) =>
      withFailureMessage(billing, billingMessages.cannotGetReceipts, () =>
        listReceipts(deps.db, currentUser(request).id, links),
      ),
  );

  api.post(
    '/checkout/receipts/send',
    {
      ...auth,
      preHandler: rateLimited(deps.rateLimiter, sendInvoiceLimit, (r) => currentUser(r).id),
      schema: {
        security: tokenRequired,
        tags,
        summary: 'E-mail receipts to an address',
        body: sendInvoiceSchema,
        response: { 200: messageAnswerSchema, ...errors, 429: errorAnswerSchema },
      },
    },
    (request) =>
      sendInvoice(
        { db: deps.db, mailer: deps.mailer },
        currentUser(request).id,
        request.body,
        links,
      ),
  );

  api.get(
    '/checkout/receipts/:id/view',
    {
      schema: {
        tags,
        summary: 'A receipt as an HTML page (public, signed link)',
        params: z.object({ id: z.string() }),
        querystring: z.object({ sig: z.string().default('') }),
      },
    },
    async (request, reply) => {
      const html = await renderReceiptPage(deps.db, request.params.id, request.query.sig, links);
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  api.post(
    '/checkout/customer-portal',
    {
      ...auth,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'A customer portal session (the local provider answers returnUrl?portal=local)',
        body: customerPortalSchema,
        response: { 200: urlAnswerSchema, ...errors, 500: errorAnswerSchema },
      },
    },
    (request) => createPortal(billing, currentUser(request), request.body),
  );

  api.get(
    '/checkout/subscription',
    {
      ...auth,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'The plan, its renewal date and what this period has used of its grant',
        response: { 200: subscriptionAnswerSchema, ...errors, 500: errorAnswerSchema },
      },
    },
    (request) => readSubscriptionSummary(deps.db, currentUser(request).id, deps.clock.now()),
  );

  api.delete(
    '/checkout/subscription',
    {
      ...auth,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'Cancel the paid plan: back to the default plan, credits kept',
        response: { 200: messageAnswerSchema, ...errors, 500: errorAnswerSchema },
      },
    },
    (request) => cancelSubscription(billing, currentUser(request)),
  );

  api.get(
    '/checkout/:sessionId',
    {
      ...auth,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'Status of a checkout session: open, complete or expired',
        params: z.object({ sessionId: z.string().min(1).max(255) }),
        response: { 200: checkoutSessionAnswerSchema, ...errors, 500: errorAnswerSchema },
      },
    },
    (request) => checkoutSessionStatus(billing, currentUser(request), request.params.sessionId),
  );

  api.get(
    '/affiliates/one-time-reward',
    {
      ...auth,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'The one-time bonus credits (400 once received)',
        response: { 200: bonusAnswerSchema, ...errors, 500: errorAnswerSchema },
      },
    },
    (request) =>
      withFailureMessage(billing, genericFailure, () =>
        claimOneTimeBonus(deps.db, currentUser(request).id, deps.config.billing.bonusCredits),
      ),
  );

  if (provider.name === 'local') {
    api.post(
      '/checkout/local/confirm',
      {
        ...auth,
        schema: {
          security: tokenRequired,
          tags,
          summary: 'Local provider: pay a checkout session with a test card',
          description:
            '4242 4242 4242 4242 pays; 4000 0000 0000 0002 and 4000 0000 0000 0341 are declined (402, failed receipt); any other Luhn-valid number pays.',
          body: localConfirmSchema,
          response: {
            200: localConfirmAnswerSchema,
            ...errors,
            402: errorAnswerSchema,
            500: errorAnswerSchema,
          },
        },
      },
      (request) => confirmLocalPayment(billing, currentUser(request), request.body),
    );

    api.post(
      '/checkout/local/card',
      {
        ...auth,
        schema: {
          security: tokenRequired,
          tags,
          summary: 'Local provider: replace the card on file (the customer portal stand-in)',
          description:
            'Renewals charge this card. 4000 0000 0000 0341 is saved but declines every charge (a renewal that fails); 4000 0000 0000 0002 is refused (402).',
          body: localCardSchema,
          response: { 200: cardAnswerSchema, ...errors, 402: errorAnswerSchema },
        },
      },
      (request) => saveLocalCardFor(billing, currentUser(request), request.body),
    );
  }

  // Stripe signs the exact bytes it sends: this route alone reads the body raw.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/checkout/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (signed; each event applied once)',
          response: { 200: z.object({ received: z.boolean() }), 400: errorAnswerSchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        let event: Awaited<ReturnType<PaymentProvider['parseWebhook']>>;
        try {
          event = await provider.parseWebhook(
            request.body as Buffer,
            typeof signature === 'string' ? signature : undefined,
          );
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ err: error }, 'webhook refused');
            throw badRequest('Webhook signature verification failed.');
          }
          throw error;
        }
        const result = await deps.db.transaction((tx) =>
          applyPaymentEvent(tx, provider.name, event, deps.clock.now()),
        );
        if (result.unknownPrice) {
          // A price sold in the portal that PLANS_FILE does not name: the operator must add it.
          request.log.error(result.unknownPrice, 'subscription moved to a price no plan bills for');
        }
        await settleAtProvider(
          { provider, log: (error, message) => request.log.error({ err: error }, message) },
          result,
        );
        return { received: true };
      },
    );
  });
}
