// A person of a lead or look-alike search with what Find emails gave for them: `email` is
// null until an address is found, `score` with it.
export type FoundPerson = {
  fname: string | null;
  lname: string | null;
  jobTitle: string | null;
  companyName: string;
  website: string | null;
  linkedinUrl: string | null;
  email: string | null;
  score: number | null;
};

// First Name, Last Name and Email are the headers bulk search and the contacts upload read,
// so an export can be uploaded again as it is.
export const foundPeopleHeader = [
  'First Name',
  'Last Name',
  'Job Title',
  'Company',
  'Website',
  'LinkedIn URL',
  'Email',
  'Score',
] as const;

export function foundPeopleTable(people: readonly FoundPerson[]): string[][] {
  return [
    [...foundPeopleHeader],
    ...people.map((person) => [
      person.fname ?? '',
      person.lname ?? '',
      person.jobTitle ?? '',
      person.companyName,
      person.website ?? '',
      person.linkedinUrl ?? '',
      person.email ?? '',
      person.email === null || person.score === null ? '' : String(person.score),
    ]),
  ];
}

export function withFoundEmail(people: readonly FoundPerson[]) {
  return people.flatMap((person) =>
    person.email === null ? [] : [{ ...person, email: person.email }],
  );
}
