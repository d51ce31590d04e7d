export * from './auth.ts';
export * from './companies.ts';
export * from './constants.ts';
export * from './mail.ts';
export * from './messages.ts';
export * from './purchase.ts';
export * from './search.ts';
export * from './survey.ts';
