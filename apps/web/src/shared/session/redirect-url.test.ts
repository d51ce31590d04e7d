import { describe, expect, it } from 'vitest';
import { safeRedirectUrl, withRedirectUrl } from './redirect-url.ts';

describe('redirectUrl', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirectUrl('/search/bulk?page=2')).toBe('/search/bulk?page=2');
    expect(safeRedirectUrl('//evil.example')).toBeNull();
    expect(safeRedirectUrl('/\\evil.example')).toBeNull();
    expect(safeRedirectUrl('https://evil.example')).toBeNull();
    expect(safeRedirectUrl(null)).toBeNull();
  });

  it('is added to a path as an encoded query parameter', () => {
    expect(withRedirectUrl('/auth/login', '/settings/account')).toBe(
      '/auth/login?redirectUrl=%2Fsettings%2Faccount',
    );
    expect(withRedirectUrl('/auth/login', null)).toBe('/auth/login');
  });
});
