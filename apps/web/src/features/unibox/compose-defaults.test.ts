import { describe, expect, it } from 'vitest';
import { forwardSubject, replySubject } from './compose-defaults.ts';

describe('reply and forward defaults', () => {
  it('answers with Re: once', () => {
    expect(replySubject('Quick question')).toBe('Re: Quick question');
    expect(replySubject('Re: Quick question')).toBe('Re: Quick question');
    expect(replySubject('RE: Quick question')).toBe('RE: Quick question');
  });

  it('forwards with Fwd: once', () => {
    expect(forwardSubject('Quick question')).toBe('Fwd: Quick question');
    expect(forwardSubject('Fwd: Quick question')).toBe('Fwd: Quick question');
    expect(forwardSubject('FW: Quick question')).toBe('FW: Quick question');
    expect(forwardSubject('Re: Quick question')).toBe('Fwd: Re: Quick question');
  });
});
