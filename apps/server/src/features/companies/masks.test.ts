import { describe, expect, it } from 'vitest';
import { maskAddress, maskEmail, maskPhone } from './masks.ts';

describe('masked contacts of decision makers', () => {
  it('shows the first letter of the address and the domain', () => {
    expect(maskEmail('Jane', 'Doe', 'acme.com')).toBe('j•••@acme.com');
    expect(maskEmail('Émile', null, 'acme.fr')).toBe('e•••@acme.fr');
    expect(maskEmail(null, 'Doe', 'acme.com')).toBe('d•••@acme.com');
    expect(maskEmail(null, null, 'acme.com')).toBe('•••@acme.com');
  });

  it('masks a found address to its first character and its domain', () => {
    expect(maskAddress('jane.doe@acme.com')).toBe('j•••@acme.com');
    expect(maskAddress('x@sub.acme.co.uk')).toBe('x•••@sub.acme.co.uk');
  });

  it('shows the calling code and the last two digits of a phone', () => {
    expect(maskPhone('+14155550112')).toBe('+1 ••• ••• ••12');
    expect(maskPhone('+442079460958')).toBe('+44 ••• ••• ••58');
    expect(maskPhone('+3531234567')).toBe('+353 ••• ••• ••67');
    expect(maskPhone('4155550112')).toBe('••• ••• ••12');
    expect(maskPhone(null)).toBeNull();
  });
});
