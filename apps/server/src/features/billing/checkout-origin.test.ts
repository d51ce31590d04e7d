import { describe, expect, it } from 'vitest';
import { sameOrigin } from './checkout.ts';

const own = (url: string) => new URL(url);

describe('checkout return addresses: the app’s own origin', () => {
  it('takes the public URL’s origin, whatever the path', () => {
    expect(sameOrigin(own('https://app.example.com'), own('https://app.example.com/x?y=1'))).toBe(
      true,
    );
    expect(sameOrigin(own('https://app.example.com'), own('https://evil.example/x'))).toBe(false);
    expect(sameOrigin(own('https://app.example.com'), own('http://app.example.com/x'))).toBe(false);
  });

  it('on a loopback public URL, takes localhost, 127.0.0.1 and [::1] on the same port alike', () => {
    const local = own('http://localhost:8080');
    expect(sameOrigin(local, own('http://127.0.0.1:8080/checkout/return'))).toBe(true);
    expect(sameOrigin(local, own('http://[::1]:8080/checkout/return'))).toBe(true);
    expect(sameOrigin(local, own('http://127.0.0.1:9090/checkout/return'))).toBe(false);
    expect(sameOrigin(local, own('https://127.0.0.1:8080/checkout/return'))).toBe(false);
    expect(sameOrigin(local, own('http://localhost.evil.example:8080/'))).toBe(false);
  });
});
