import type { z } from 'zod';
import {
  accountAnswerSchema,
  accountQuerySchema,
  domainSearchAnswerSchema,
  domainSearchQuerySchema,
  emailCountAnswerSchema,
  emailCountQuerySchema,
  emailFinderAnswerSchema,
  emailFinderQuerySchema,
  emailVerifierAnswerSchema,
  emailVerifierQuerySchema,
  v2ErrorSchema,
} from './hunter-schemas.ts';
import { type KeyLimits, keyLimits } from './rate-limits.ts';

export type Endpoint = {
  summary: string;
  description: string;
  querystring: z.ZodType;
  answers: Record<number, z.ZodType>;
  limits: KeyLimits;
};

const errors = {
  400: v2ErrorSchema,
  401: v2ErrorSchema,
  403: v2ErrorSchema,
  429: v2ErrorSchema,
  500: v2ErrorSchema,
};

// The `/v2` calls: the routes (routes.ts) and the OpenAPI document (openapi.ts) both read them.
export const endpoints = {
  'email-finder': {
    summary: 'Email Finder: the most likely address of a person at a domain or company',
    description:
      'Runs our finder (DNS and SMTP) as the web single search does. One credit is held while it runs and charged only when the address is verified (score 95 or more). `linkedin_handle` is not supported.',
    querystring: emailFinderQuerySchema,
    answers: { 200: emailFinderAnswerSchema, ...errors },
    limits: keyLimits.search,
  },
  'email-verifier': {
    summary: 'Email Verifier: the deliverability of one address',
    description:
      "202 (data null) while the check is still running: ask again, it counts once. A mail server's unusable answer is the verdict `unknown` with its reason. One credit, charged for a valid or invalid verdict, as in the web.",
    querystring: emailVerifierQuerySchema,
    answers: {
      200: emailVerifierAnswerSchema,
      202: emailVerifierAnswerSchema,
      ...errors,
    },
    limits: keyLimits.verifier,
  },
  'domain-search': {
    summary: "Domain Search: the domain's mail facts, pattern and the people we know there",
    description:
      "Free, as in the web. `seniority` and `department` take comma-separated ids, Hunter's (seniority: junior, senior, executive; department: executive, it, finance, management, sales, legal, support, hr, marketing, communication, education, design, health, operations) or Mailhound's; each address's seniority and department are Hunter's ids. An address is given (`value`) once you found it with the Email Finder; until then it is null.",
    querystring: domainSearchQuerySchema,
    answers: { 200: domainSearchAnswerSchema, ...errors },
    limits: keyLimits.search,
  },
  'email-count': {
    summary: 'Email Count: how many people we know at a domain, by type, department and seniority',
    description: 'Free.',
    querystring: emailCountQuerySchema,
    answers: { 200: emailCountAnswerSchema, ...errors },
    limits: keyLimits.free,
  },
  account: {
    summary: 'Account Information: plan, credits used and available this period, reset date',
    description: 'Free.',
    querystring: accountQuerySchema,
    answers: { 200: accountAnswerSchema, ...errors },
    limits: keyLimits.free,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
