import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

type Directives = Record<string, string[]>;

const stripeScripts = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const turnstileOrigin = 'https://challenges.cloudflare.com';

// The policy of the web app and of every API answer. Origins of Stripe's embedded checkout and
// of Cloudflare Turnstile are allowed only when the server is configured for them.
function contentSecurityPolicy(config: Pick<Config, 'billing' | 'botCheck' | 'hsts'>) {
  const stripe = config.billing.stripe !== undefined;
  const turnstile = config.botCheck.turnstile !== undefined;
  const directives: Directives = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrc: [
      "'self'",
      ...(stripe ? stripeScripts : []),
      ...(turnstile ? [turnstileOrigin] : []),
    ],
    scriptSrcAttr: ["'none'"],
    // Mantine (and the ALTCHA widget) set style attributes and <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Company logos come from the companies' own sites.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [
      "'self'",
      ...(stripe ? ['https://api.stripe.com', 'https://*.stripe.com'] : []),
      ...(turnstile ? [turnstileOrigin] : []),
    ],
    // The ALTCHA widget solves its proof of work in workers started from blob: and data: URLs.
    workerSrc: ["'self'", 'blob:', 'data:'],
    frameSrc: [
      ...(stripe
        ? [...stripeScripts, 'https://hooks.stripe.com', 'https://checkout.stripe.com']
        : []),
      ...(turnstile ? [turnstileOrigin] : []),
    ],
    manifestSrc: ["'self'"],
  };
  if (directives.frameSrc?.length === 0) directives.frameSrc = ["'none'"];
  // Over plain HTTP (the local default) an upgrade would break every request.
  if (config.hsts) directives.upgradeInsecureRequests = [];
  return directives;
}

// The API docs page (@fastify/swagger-ui) sets its own policy, with hashes of its inline
// scripts; its bundle also writes <style> elements, and framing and the upgrade follow ours.
export function docsContentSecurityPolicy(config: Pick<Config, 'hsts'>) {
  const overrides: Record<string, string | undefined> = {
    'frame-ancestors': "frame-ancestors 'none'",
    'style-src': "style-src 'self' 'unsafe-inline'",
    'upgrade-insecure-requests': config.hsts ? 'upgrade-insecure-requests' : undefined,
  };
  return (header: string) =>
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const name = part.split(' ')[0] ?? '';
        return name in overrides ? overrides[name] : part;
      })
      .filter((part) => part !== undefined)
      .join('; ');
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only a site served over TLS may pin browsers to HTTPS (README, HSTS).
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
