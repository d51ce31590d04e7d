import { describe, expect, it } from 'vitest';
import { type FoundPerson, foundPeopleTable, withFoundEmail } from './found-people.ts';

const ann: FoundPerson = {
  fname: 'Ann',
  lname: 'Lee',
  jobTitle: 'CEO',
  companyName: 'Acme',
  website: 'acme.com',
  linkedinUrl: 'https://linkedin.com/in/ann-lee',
  email: 'ann@acme.com',
  score: 99,
};

describe('found people as a table', () => {
  it('has the export columns, with Email and Score read back by bulk search and contacts', () => {
    expect(foundPeopleTable([ann])).toEqual([
      [
        'First Name',
        'Last Name',
        'Job Title',
        'Company',
        'Website',
        'LinkedIn URL',
        'Email',
        'Score',
      ],
      [
        'Ann',
        'Lee',
        'CEO',
        'Acme',
        'acme.com',
        'https://linkedin.com/in/ann-lee',
        'ann@acme.com',
        '99',
      ],
    ]);
  });

  it('leaves missing values and the score of a person without an email empty', () => {
    const nobody = { ...ann, lname: null, jobTitle: null, website: null, email: null, score: 0 };
    expect(foundPeopleTable([nobody])[1]).toEqual([
      'Ann',
      '',
      '',
      'Acme',
      '',
      ann.linkedinUrl,
      '',
      '',
    ]);
  });

  it('keeps only the people with an email for a contact list', () => {
    expect(withFoundEmail([ann, { ...ann, email: null }])).toEqual([ann]);
  });
});
