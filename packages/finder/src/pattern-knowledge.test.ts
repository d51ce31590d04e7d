import { describe, expect, it } from 'vitest';
import {
  createMemoryPatternStore,
  isKnownPattern,
  noPattern,
  wilsonLowerBound,
} from './pattern-knowledge.ts';

const confidence = { knownPatternMinConfirmations: 10, knownPatternMinShare: 0.7 };

describe('pattern knowledge', () => {
  it('counts verified addresses that follow the leading pattern and those that do not', async () => {
    const store = createMemoryPatternStore();
    store.record('acme.com', { pattern: 'first.last', email: 'jane.roe@acme.com' });
    store.record('acme.com', { pattern: 'first.last', email: 'john.doe@acme.com' });
    store.record('acme.com', { pattern: 'flast', email: 'asmith@acme.com' });
    store.record('acme.com', { pattern: noPattern, email: 'boss@acme.com' });
    expect(await store.get('acme.com')).toEqual({
      pattern: 'first.last',
      confirmations: 2,
      contradictions: 2,
    });
    expect(await store.get('other.com')).toBeNull();
  });

  it('counts an address once however often it is recorded', async () => {
    const store = createMemoryPatternStore();
    for (let i = 0; i < 5; i++)
      store.record('acme.com', { pattern: 'first.last', email: 'jane.roe@acme.com' });
    expect(await store.get('acme.com')).toMatchObject({ confirmations: 1, contradictions: 0 });
  });

  it('bounds the share from below, more tightly with more observations', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(5, 5)).toBeCloseTo(0.566, 3);
    expect(wilsonLowerBound(20, 20)).toBeCloseTo(0.839, 3);
    expect(wilsonLowerBound(18, 20)).toBeLessThan(wilsonLowerBound(20, 20));
  });

  it('knows a pattern only with enough confirmations and a high enough lower bound', () => {
    const known = (confirmations: number, contradictions: number) =>
      isKnownPattern({ pattern: 'flast', confirmations, contradictions }, confidence);
    expect(known(12, 0)).toBe(true);
    expect(known(9, 0)).toBe(false);
    expect(known(12, 6)).toBe(false);
    expect(isKnownPattern(null, confidence)).toBe(false);
  });
});
