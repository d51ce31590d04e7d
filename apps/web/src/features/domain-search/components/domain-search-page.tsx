import {
  addressTypes,
  DOMAIN_SEARCH_PAGE_SIZE,
  type DomainPerson,
  type DomainSearchAnswer,
  departmentIds,
  isDomainLike,
  patternEvidenceText,
  rowMessages,
  seniorityIds,
} from '@mailhound/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { balanceKey, useBalance } from '../../../shared/session/api/get-balance.ts';
import { currentPath, withRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { CreditsModal } from '../../../shared/ui/credits-modal.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagingFooter } from '../../../shared/ui/paging-footer.tsx';
import { ScoreIcon } from '../../../shared/ui/score-icon.tsx';
import { OneSearchButton } from '../../../shared/ui/spend-confirm.tsx';
import { VerdictBadge } from '../../../shared/ui/verdict-badges.tsx';
import { personClassLabel } from '../../companies/index.ts';
import { FoundPeopleActions, type FoundPerson } from '../../leads/index.ts';
import { type SearchOutcome, searchPerson } from '../../search/index.ts';
import {
  type DomainSearchRequest,
  domainSearchKey,
  useDomainSearch,
} from '../api/domain-search.ts';

const searchFailed = 'The domain could not be searched. Please try again.';
const findFailed = 'The email could not be found. Please try again.';
const noPattern = 'No pattern known yet for this domain.';
const notInDatabase = 'This domain is not in our company database.';
const noPeople = 'No people of our database match.';
const typeLabels = { personal: 'Personal', generic: 'Generic' } as const;

type Filters = Pick<DomainSearchRequest, 'department' | 'seniority' | 'type'>;

const classOptions = (ids: readonly string[]) =>
  ids.map((id) => ({ value: id, label: personClassLabel(id) }));

const filterFields: {
  key: keyof Filters;
  label: string;
  options: { value: string; label: string }[];
}[] = [
  { key: 'department', label: 'Department', options: classOptions(departmentIds) },
  { key: 'seniority', label: 'Seniority', options: classOptions(seniorityIds) },
  {
    key: 'type',
    label: 'Type',
    options: addressTypes.map((id) => ({ value: id, label: typeLabels[id] })),
  },
];

function yesNo(value: boolean | null): string {
  if (value === null) return 'Not known yet';
  return value ? 'Yes' : 'No';
}

function personName(person: Pick<DomainPerson, 'fname' | 'lname'>): string {
  return [person.fname, person.lname].filter(Boolean).join(' ');
}

function Organisation({ answer }: { answer: DomainSearchAnswer }) {
  const company = answer.organisation;
  return (
    <Card withBorder aria-label="Organisation">
      <Stack gap={4}>
        <Text fw={600}>Organisation</Text>
        {company === null ? (
          <Text c="dimmed">{notInDatabase}</Text>
        ) : (
          <>
            <Anchor component={Link} to={`/company/${encodeURIComponent(company.slug)}`}>
              {company.name}
            </Anchor>
            <Text size="sm">{answer.domain}</Text>
            {company.industry && <Text size="sm">{personClassLabel(company.industry)}</Text>}
            {company.country && <Text size="sm">{company.country}</Text>}
            {company.employees !== null && (
              <Text size="sm">{company.employees.toLocaleString('en-US')} employees</Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function MailFacts({ answer }: { answer: DomainSearchAnswer }) {
  const { mail, pattern } = answer;
  return (
    <Card withBorder aria-label="Mail facts">
      <Stack gap={4}>
        <Text fw={600}>Mail</Text>
        <Text size="sm">
          MX hosts: {mail.mxHosts.length > 0 ? mail.mxHosts.join(', ') : (mail.mxError ?? 'none')}
        </Text>
        <Text size="sm">Accept-all: {yesNo(mail.acceptAll)}</Text>
        <Text size="sm">Webmail: {yesNo(mail.webmail)}</Text>
        <Text size="sm">Disposable: {yesNo(mail.disposable)}</Text>
        <Text size="sm" aria-label="Pattern">
          Pattern: {pattern === null ? noPattern : patternEvidenceText(pattern)}
        </Text>
      </Stack>
    </Card>
  );
}

type Finding = { kind: 'finding' } | SearchOutcome;
type Who = Pick<DomainPerson, 'fname' | 'lname' | 'jobTitle'>;

const typedKey = 'typed';
const noEmailHint = 'No emails found yet: click Find for a person first.';

function foundPersonOf(
  person: Who,
  answer: DomainSearchAnswer,
  email: string,
  score: number | null,
): FoundPerson {
  return {
    fname: person.fname,
    lname: person.lname,
    jobTitle: person.jobTitle,
    companyName: answer.organisation?.name ?? answer.domain,
    website: answer.domain,
    linkedinUrl: null,
    email,
    score,
  };
}

function EmailCell({
  person,
  finding,
}: {
  person: DomainPerson | null;
  finding: Finding | undefined;
}) {
  if (finding?.kind === 'finding')
    return <Loader role="status" size="xs" aria-label="Finding email" />;
  if (finding?.kind === 'found') {
    if (finding.exactEmail === null) {
      return (
        <Text size="sm" c="dimmed">
          {rowMessages.noEmailFound}
        </Text>
      );
    }
    return (
      <Group gap="xs" wrap="nowrap">
        <ScoreIcon score={finding.exactEmailScore ?? 0} />
        {finding.verdict && <VerdictBadge verdict={finding.verdict} />}
        <Text size="sm">{finding.exactEmail}</Text>
      </Group>
    );
  }
  if (finding?.kind === 'error') {
    return (
      <Text size="sm" c="red">
        {finding.error}
      </Text>
    );
  }
  if (person?.verdict) {
    return (
      <Group gap="xs" wrap="nowrap">
        <VerdictBadge verdict={person.verdict} />
        <Text size="sm">{person.email}</Text>
      </Group>
    );
  }
  return <Text size="sm">{person?.email ?? ''}</Text>;
}

// Issue 22 "Domain Search": a domain or a company name in; its organisation, mail facts,
// known pattern and the people of our database there, masked until a Find pays for one.
export function DomainSearchPage() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const [input, setInput] = useState('');
  const [request, setRequest] = useState<DomainSearchRequest | null>(null);
  const [finding, setFinding] = useState<ReadonlyMap<string, Finding>>(new Map());
  const [creditsNeeded, setCreditsNeeded] = useState<number | null>(null);
  // Addresses found by Find since the search, by address.
  const [found, setFound] = useState<ReadonlyMap<string, FoundPerson>>(new Map());
  const [typed, setTyped] = useState({ fname: '', lname: '' });
  const results = useDomainSearch(request);
  const answer = results.data;
  // Export CSV and a contact list take the addresses found here and those shown in full.
  const takeAway = useMemo(() => {
    const paid = (answer?.people.items ?? []).flatMap((person) =>
      person.masked || person.email === null || found.has(person.email)
        ? []
        : [foundPersonOf(person, answer as DomainSearchAnswer, person.email, null)],
    );
    return [...found.values(), ...paid];
  }, [answer, found]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Like bulk search: a guest is sent to sign up, coming back here.
    if (!isLoggedIn) {
      navigate(withRedirectUrl('/signup', currentPath(location)));
      return;
    }
    const value = input.trim();
    if (value === '') return;
    setFinding(new Map());
    setFound(new Map());
    setRequest(isDomainLike(value) ? { domain: value, page: 1 } : { company: value, page: 1 });
  };

  // The options are the schema's ids: a picked value is one of them.
  const filter = (filters: Record<string, string | undefined>) =>
    setRequest((current) =>
      current === null ? null : ({ ...current, ...filters, page: 1 } as DomainSearchRequest),
    );

  // One Find: the single search for a person of the table (keyed by its id) or for a name
  // typed in (keyed `typedKey`); an address found joins what Export CSV takes.
  const find = async (key: string, person: Who, answer: DomainSearchAnswer) => {
    if (balance.data?.balanceAvailable === 0) {
      setCreditsNeeded(1);
      return;
    }
    const mark = (state: Finding) => setFinding((current) => new Map(current).set(key, state));
    mark({ kind: 'finding' });
    try {
      const outcome = await searchPerson({
        firstName: person.fname ?? '',
        lastName: person.lname ?? '',
        companyWebsite: answer.domain,
      });
      if (outcome.kind === 'payment_error') {
        setFinding((current) => {
          const next = new Map(current);
          next.delete(key);
          return next;
        });
        setCreditsNeeded(outcome.required);
        return;
      }
      mark(outcome);
      if (outcome.kind === 'found' && outcome.exactEmail !== null) {
        const email = outcome.exactEmail;
        const score = outcome.exactEmailScore;
        setFound((current) =>
          new Map(current).set(email, foundPersonOf(person, answer, email, score)),
        );
      }
    } catch (error) {
      mark({ kind: 'error', id: null, error: errorMessage(error, findFailed) });
    }
    // The pattern, the addresses paid for and the balance may have changed.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: domainSearchKey }),
      queryClient.invalidateQueries({ queryKey: balanceKey }),
    ]);
  };

  const findTyped = (event: FormEvent, answer: DomainSearchAnswer) => {
    event.preventDefault();
    const who = { fname: typed.fname.trim(), lname: typed.lname.trim(), jobTitle: null };
    if (who.fname === '' || who.lname === '') return;
    void find(typedKey, who, answer);
  };

  return (
    <Page title="Domain Search">
      <Stack>
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              label="Domain or company"
              placeholder="acme.com or Acme Inc"
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              w={360}
            />
            <Button type="submit">Search</Button>
          </Group>
        </form>
        {request !== null && (
          <Group>
            {filterFields.map((field) => (
              <Select
                key={field.key}
                label={field.label}
                clearable
                data={field.options}
                value={request[field.key] ?? null}
                onChange={(value) => filter({ [field.key]: value ?? undefined })}
              />
            ))}
          </Group>
        )}
        {results.isError && <Alert color="red">{errorMessage(results.error, searchFailed)}</Alert>}
        {results.isPending && request !== null && <Loader role="status" aria-label="Searching" />}
        {answer !== undefined && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Organisation answer={answer} />
              <MailFacts answer={answer} />
            </SimpleGrid>
            <form onSubmit={(event) => findTyped(event, answer)} aria-label="Find someone">
              <Group align="flex-end">
                <TextInput
                  label="First name"
                  value={typed.fname}
                  onChange={(event) => setTyped({ ...typed, fname: event.currentTarget.value })}
                />
                <TextInput
                  label="Last name"
                  value={typed.lname}
                  onChange={(event) => setTyped({ ...typed, lname: event.currentTarget.value })}
                />
                <OneSearchButton
                  type="submit"
                  variant="light"
                  disabled={finding.get(typedKey)?.kind === 'finding'}
                >
                  Find at {answer.domain}
                </OneSearchButton>
                <EmailCell person={null} finding={finding.get(typedKey)} />
              </Group>
            </form>
            <FoundPeopleActions
              people={takeAway}
              fileName={`mailhound-${answer.domain}.csv`}
              noEmailHint={noEmailHint}
            />
            {answer.people.totalItems === 0 ? (
              <Text c="dimmed">{noPeople}</Text>
            ) : (
              <Table.ScrollContainer minWidth={800}>
                <Table aria-label="People" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Job title</Table.Th>
                      <Table.Th>Department</Table.Th>
                      <Table.Th>Seniority</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.people.items.map((person) => (
                      <Table.Tr key={person.id}>
                        <Table.Td>{personName(person) || typeLabels[person.type]}</Table.Td>
                        <Table.Td>{person.jobTitle}</Table.Td>
                        <Table.Td>{personClassLabel(person.department)}</Table.Td>
                        <Table.Td>{personClassLabel(person.seniority)}</Table.Td>
                        <Table.Td>
                          <EmailCell person={person} finding={finding.get(person.id)} />
                        </Table.Td>
                        <Table.Td>
                          {person.fname &&
                            person.lname &&
                            (person.masked || person.email === null) && (
                              <OneSearchButton
                                size="xs"
                                variant="light"
                                aria-label={`Find ${personName(person)}`}
                                disabled={finding.get(person.id)?.kind === 'finding'}
                                onClick={() => void find(person.id, person, answer)}
                              >
                                Find
                              </OneSearchButton>
                            )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <PagingFooter
              page={answer.people.currentPage}
              pages={answer.people.totalPages}
              total={answer.people.totalItems}
              perPage={DOMAIN_SEARCH_PAGE_SIZE}
              onChange={(page) => setRequest((current) => current && { ...current, page })}
            />
          </>
        )}
      </Stack>
      <CreditsModal
        opened={creditsNeeded !== null}
        onClose={() => setCreditsNeeded(null)}
        freePlan={balance.data?.plan?.is_default ?? true}
        needed={creditsNeeded ?? 1}
      />
    </Page>
  );
}
