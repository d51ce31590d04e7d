import { Anchor, Group, Table, Text } from '@mantine/core';
import { ScoreIcon } from '../../../shared/ui/score-icon.tsx';
import type { LookalikeContact } from '../lookalike-item.ts';

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
      <Text size="sm">{contact.exactEmail}</Text>
    </Group>
  );
}

// product-spec §2 "Look-alike preview": the found contacts, linkedinUrl as a link.
export function LookalikeContactsTable({ contacts }: { contacts: LookalikeContact[] }) {
  return (
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
          {contacts.map((contact) => (
            <Table.Tr key={contact.id}>
              <Table.Td>{contactName(contact)}</Table.Td>
              <Table.Td>{contact.jobTitle}</Table.Td>
              <Table.Td>{contact.companyName}</Table.Td>
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
  );
}
