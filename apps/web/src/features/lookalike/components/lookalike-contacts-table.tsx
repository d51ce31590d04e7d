import { type LookalikeContact, PAGE_SIZE } from '@mailhound/contracts';
import { Anchor, Badge, Center, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ScoreIcon } from '../../../shared/ui/score-icon.tsx';
import { VerdictBadge } from '../../../shared/ui/verdict-badges.tsx';

function contactName(contact: Pick<LookalikeContact, 'fname' | 'lname'>): string {
  return [contact.fname, contact.lname].filter(Boolean).join(' ');
}

// The address without its scheme reads better in a narrow column.
function linkText(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
}

function EmailCell({ contact }: { contact: LookalikeContact }) {
  if (contact.exactEmail === null) {
    return contact.searched ? (
      <Text size="sm" c="dimmed">
        No email found
      </Text>
    ) : null;
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {contact.exactEmailScore !== null && <ScoreIcon score={contact.exactEmailScore} />}
      {contact.verdict && <VerdictBadge verdict={contact.verdict} />}
      <Text size="sm">{contact.exactEmail}</Text>
    </Group>
  );
}

// Why the company is like the uploaded list, as small badges under its name.
function CompanyCell({ contact }: { contact: LookalikeContact }) {
  const reasons = contact.reasons ?? [];
  return (
    <Stack gap={4}>
      <Text size="sm">{contact.companyName}</Text>
      {reasons.length > 0 && (
        <Group gap={4} aria-label={`Why ${contact.companyName} is similar`} role="list">
          {reasons.map((reason) => (
            <Badge
              key={`${reason.kind}:${reason.label}`}
              role="listitem"
              size="xs"
              variant="light"
              tt="none"
              title={reason.kind === 'terms' ? 'Shared description terms' : undefined}
            >
              {reason.label}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

// product-spec §2 "Look-alike preview": the found contacts, linkedinUrl as a link; up to 100
// of them, so 10 a page like the product's other tables (api-spec §9).
export function LookalikeContactsTable({ contacts }: { contacts: LookalikeContact[] }) {
  const [page, setPage] = useState(1);
  const totalPages = Math.ceil(contacts.length / PAGE_SIZE);
  const shown = Math.min(page, Math.max(1, totalPages));
  const first = (shown - 1) * PAGE_SIZE;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={960}>
        <Table aria-label="Look-alike contacts" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Job Title</Table.Th>
              <Table.Th>Company</Table.Th>
              <Table.Th>Website</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>LinkedIn</Table.Th>
              <Table.Th>Email</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.slice(first, first + PAGE_SIZE).map((contact) => (
              <Table.Tr key={contact.id}>
                <Table.Td>{contactName(contact)}</Table.Td>
                <Table.Td>{contact.jobTitle}</Table.Td>
                <Table.Td>
                  <CompanyCell contact={contact} />
                </Table.Td>
                <Table.Td>{contact.website}</Table.Td>
                <Table.Td>{contact.location}</Table.Td>
                <Table.Td>
                  {contact.linkedinUrl && (
                    <Anchor href={contact.linkedinUrl} target="_blank" rel="noopener noreferrer">
                      {linkText(contact.linkedinUrl)}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>
                  <EmailCell contact={contact} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {totalPages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Showing {first + 1}-{Math.min(first + PAGE_SIZE, contacts.length)} of {contacts.length}{' '}
            contacts
          </Text>
          <Center component="nav" aria-label="Look-alike contacts pages">
            <Pagination
              total={totalPages}
              value={shown}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          </Center>
        </Group>
      )}
    </Stack>
  );
}
