import { describe, expect, it } from 'vitest';
import { foldAccents, nameVariants, nameWords, transliterations } from './names.ts';

describe('name normalisation', () => {
  it('folds accents and special letters', () => {
    expect(foldAccents('José Zoë Renée François Jürgen Søren Łukasz Strauß')).toBe(
      'jose zoe renee francois jurgen soren lukasz strauss',
    );
  });

  it('drops apostrophes and splits hyphenated and multi-part names', () => {
    expect(nameWords("O'Brien")).toEqual(['obrien']);
    expect(nameWords('Anne-Marie')).toEqual(['anne', 'marie']);
    expect(nameWords('  Mary  Ann ')).toEqual(['mary', 'ann']);
  });

  it('offers the joined spelling first, then the parts people are known by', () => {
    expect(nameVariants('Anne-Marie', 'Smith-Jones')).toEqual({
      first: ['annemarie', 'anne', 'anne-marie'],
      last: ['smithjones', 'jones', 'smith', 'smith-jones'],
    });
  });

  it('drops particles (van, de, der, la) in a variant', () => {
    expect(nameVariants('Jan', 'van der Berg').last).toEqual([
      'vanderberg',
      'berg',
      'van',
      'van-der-berg',
    ]);
    expect(nameVariants('Juan', 'de la Cruz').last).toContain('cruz');
  });

  it.each([
    ['Søren', ['soren', 'soeren', 'sren']],
    ['Åse', ['ase', 'aase', 'se']],
    ['Mæhle', ['maehle', 'mahle', 'mhle']],
    ['Jäger', ['jager', 'jaeger', 'jger']],
    ['Öz', ['oz', 'oez', 'z']],
    ['Müller', ['muller', 'mueller', 'mller']],
    ['Strauß', ['strauss', 'strau']],
  ])('spells %s the ways mail systems write it, the main one first', (name, spellings) => {
    expect(nameVariants(name, name).first).toEqual(spellings);
  });

  it('keeps one spelling for a name without such letters', () => {
    expect(transliterations('José')).toEqual(['josé']);
  });
});
