import { describe, expect, it } from 'vitest';
import { redirectUrlFromState } from './google-state.ts';

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('the redirectUrl carried by the Google state', () => {
  it('reads base64url JSON, a signed token payload and plain JSON', () => {
    expect(redirectUrlFromState(base64Url({ redirectUrl: '/purchase' }))).toBe('/purchase');
    expect(redirectUrlFromState(`h.${base64Url({ redirectUrl: '/search/bulk' })}.sig`)).toBe(
      '/search/bulk',
    );
    expect(redirectUrlFromState(JSON.stringify({ redirectUrl: '/settings/account' }))).toBe(
      '/settings/account',
    );
  });

  it('never leaves the site', () => {
    expect(redirectUrlFromState(base64Url({ redirectUrl: '//evil.example' }))).toBeNull();
    expect(redirectUrlFromState(base64Url({ redirectUrl: 'https://evil.example' }))).toBeNull();
    expect(redirectUrlFromState('opaque-random-state')).toBeNull();
  });
});
