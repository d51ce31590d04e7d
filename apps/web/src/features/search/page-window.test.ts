import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window.ts';

describe('history pagination shows 4 page buttons (product-spec §2)', () => {
  it('starts at the first pages', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4]);
  });

  it('follows the current page, keeping it second', () => {
    expect(pageWindow(5, 10)).toEqual([4, 5, 6, 7]);
  });

  it('ends at the last page', () => {
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([7, 8, 9, 10]);
  });

  it('shows fewer buttons when there are fewer pages', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
