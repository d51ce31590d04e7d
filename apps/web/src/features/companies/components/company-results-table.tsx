import { type CompanySearchItem, industryLabel } from '@mailhound/contracts';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { revenueText } from '../revenue-text.ts';

export function CompanyResultsTable({ items }: { items: CompanySearchItem[] }) {
  if (items.length === 0) {
    return <Text c="dimmed">No companies were found. Try other filters.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table aria-label="Companies" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Website</Table.Th>
            <Table.Th>Industry</Table.Th>
            <Table.Th>Country</Table.Th>
            <Table.Th>Employees</Table.Th>
            <Table.Th>Founded</Table.Th>
            <Table.Th>Revenue</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((company) => (
            <Table.Tr key={company.slug}>
              <Table.Td>
                <Anchor component={Link} to={`/company/${encodeURIComponent(company.slug)}`}>
                  {company.companyName}
                </Anchor>
              </Table.Td>
              <Table.Td>{company.website}</Table.Td>
              <Table.Td>{company.industry && industryLabel(company.industry)}</Table.Td>
              <Table.Td>{company.country}</Table.Td>
              <Table.Td>{company.employees}</Table.Td>
              <Table.Td>{company.foundedYear}</Table.Td>
              <Table.Td>{revenueText(company.revenue)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
