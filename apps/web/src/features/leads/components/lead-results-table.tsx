import {
  type FindEmailsAnswer,
  type LeadItem,
  rowErrorText,
  rowMessages,
} from '@mailhound/contracts';
import { Anchor, Checkbox, Group, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScoreIcon } from '../../../shared/ui/score-icon.tsx';
import { VerdictBadge } from '../../../shared/ui/verdict-badges.tsx';
import { personClassLabel } from '../../companies/index.ts';

export type FoundEmail = FindEmailsAnswer['items'][number];

export function leadName(lead: Pick<LeadItem, 'fname' | 'lname'>): string {
  return [lead.fname, lead.lname].filter(Boolean).join(' ');
}

function EmailCell({ found, finding }: { found: FoundEmail | undefined; finding: boolean }) {
  if (finding) return <Loader role="status" size="xs" aria-label="Finding email" />;
  if (found === undefined) return null;
  if (found.exactEmail === null) {
    return (
      <Text size="sm" c="dimmed">
        {found.error === null ? rowMessages.noEmailFound : rowErrorText(found.error)}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <ScoreIcon score={found.exactEmailScore} />
      {found.verdict && <VerdictBadge verdict={found.verdict} />}
      <Text size="sm">{found.exactEmail}</Text>
    </Group>
  );
}

export function LeadResultsTable({
  items,
  selected,
  onSelect,
  found,
  finding,
}: {
  items: LeadItem[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], checked: boolean) => void;
  found: ReadonlyMap<string, FoundEmail>;
  finding: ReadonlySet<string>;
}) {
  if (items.length === 0) {
    return <Text c="dimmed">No leads were found. Try other filters.</Text>;
  }
  const pageIds = items.map((lead) => lead.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table aria-label="Leads" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all leads on this page"
                checked={selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                onChange={(event) => onSelect(pageIds, event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Job Title</Table.Th>
            <Table.Th>Department</Table.Th>
            <Table.Th>Seniority</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>LinkedIn</Table.Th>
            <Table.Th>Email</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((lead) => (
            <Table.Tr key={lead.id} bg={selected.has(lead.id) ? 'blue.0' : undefined}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${leadName(lead) || lead.id}`}
                  checked={selected.has(lead.id)}
                  onChange={(event) => onSelect([lead.id], event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>{leadName(lead)}</Table.Td>
              <Table.Td>{lead.jobTitle}</Table.Td>
              <Table.Td>{personClassLabel(lead.department)}</Table.Td>
              <Table.Td>{personClassLabel(lead.seniority)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/company/${encodeURIComponent(lead.companySlug)}`}>
                  {lead.companyName}
                </Anchor>
              </Table.Td>
              <Table.Td>{lead.location}</Table.Td>
              <Table.Td>
                {lead.linkedinUrl && (
                  <Anchor href={lead.linkedinUrl} target="_blank" rel="noopener noreferrer">
                    Profile
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                <EmailCell found={found.get(lead.id)} finding={finding.has(lead.id)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
