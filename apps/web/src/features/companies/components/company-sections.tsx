import { type DecisionMaker, industryLabel, type SimilarCompany } from '@mailhound/contracts';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { personClassLabel } from '../person-labels.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

// Where the overview's numbers come from: the people we hold at the company, next to the
// head count the company gives (its employees field), e.g. '6 people in our database · team of 174'.
function employeeSourceText(peopleInDatabase: number, employees: string | null) {
  const people = `${peopleInDatabase.toLocaleString('en-US')} ${peopleInDatabase === 1 ? 'person' : 'people'} in our database`;
  return employees ? `${people} · team of ${employees}` : people;
}

// The count of people per department, largest first, as a bar chart. The chart is drawn for
// the eye only; a visually hidden table carries the same counts for screen readers.
export function EmployeeOverview({
  stats,
  employees,
}: {
  stats: Record<string, number> | undefined;
  employees: string | null;
}) {
  const rows = Object.entries(stats ?? {})
    .sort(([, a], [, b]) => b - a)
    .map(([department, count]) => ({ department: personClassLabel(department), count }));
  const peopleInDatabase = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Section title="Employee Data Overview">
      {rows.length === 0 ? (
        <Empty>No employee data yet.</Empty>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {employeeSourceText(peopleInDatabase, employees)}
          </Text>
          <div aria-hidden="true">
            <BarChart
              h={Math.max(120, rows.length * 36)}
              data={rows}
              dataKey="department"
              orientation="vertical"
              series={[{ name: 'count', label: 'People', color: 'blue.6' }]}
              gridAxis="none"
              withBarValueLabel
              withTooltip={false}
              // Recharts would make the chart a keyboard stop; the table below speaks for it.
              barChartProps={{ accessibilityLayer: false }}
              yAxisProps={{ width: 110 }}
              xAxisProps={{ allowDecimals: false }}
            />
          </div>
          <VisuallyHidden>
            <Table aria-label="Employees per department">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Department</Table.Th>
                  <Table.Th>Employees</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.department}>
                    <Table.Td>{row.department}</Table.Td>
                    <Table.Td>{row.count.toLocaleString('en-US')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Section>
  );
}

export function DecisionMakers({
  people,
  onShowContacts,
  showContactsCost,
}: {
  people: DecisionMaker[] | undefined;
  onShowContacts: () => void;
  // What Show Contacts spends, said before the click (logged in only).
  showContactsCost: string | null;
}) {
  const rows = people ?? [];
  return (
    <Section title="Key Decision Makers">
      {rows.length === 0 ? (
        <Empty>No decision makers listed yet.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Decision makers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job Title</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((person, index) => (
                // Masked contacts can repeat; the position tells the rows apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list has no ids and never reorders
                <Table.Tr key={index}>
                  <Table.Td>{person.jobTitle}</Table.Td>
                  <Table.Td>{person.email}</Table.Td>
                  <Table.Td>{person.phone ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="sm">
        <Button onClick={onShowContacts}>Show Contacts</Button>
        {showContactsCost && (
          <Text size="sm" c="dimmed">
            {showContactsCost}
          </Text>
        )}
      </Group>
    </Section>
  );
}

export function RelatedBusinesses({ companies }: { companies: SimilarCompany[] | undefined }) {
  const rows = companies ?? [];
  return (
    <Section title="Related Businesses">
      {rows.length === 0 ? (
        <Empty>No related businesses yet.</Empty>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((company) => (
            <li key={company.slug}>
              <Anchor component={Link} to={`/company/${encodeURIComponent(company.slug)}`}>
                {company.companyName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {[company.industry && industryLabel(company.industry), company.country]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}
