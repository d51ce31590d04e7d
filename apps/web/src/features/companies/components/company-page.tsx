import { Avatar, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useBalance } from '../../../shared/session/api/get-balance.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useCompany } from '../api/get-company.ts';
import { useEmployeeStats } from '../api/get-employee-stats.ts';
import { useLeadTitles } from '../api/get-lead-titles.ts';
import { useSimilarCompanies } from '../api/get-similar-companies.ts';
import { useCanonicalLink } from '../use-canonical-link.ts';
import { useOpenLeadFinder } from '../use-open-lead-finder.ts';
import { CompanyFacts } from './company-facts.tsx';
import { DecisionMakers, EmployeeOverview, RelatedBusinesses } from './company-sections.tsx';

const loadFailed = 'The company could not be loaded. Please try again later.';

// product-spec §2 "Company page" (/company/{name}, public).
export function CompanyPage() {
  const { name = '' } = useParams();
  const company = useCompany(name);
  const stats = useEmployeeStats(name);
  const leadTitles = useLeadTitles(name);
  const similar = useSimilarCompanies(name);
  const companyName = company.data?.companyName ?? '';
  const openLeadFinder = useOpenLeadFinder(companyName);
  const { isLoggedIn } = useSession();
  const balance = useBalance();
  const leadSearchesLeft = isLoggedIn ? balance.data?.leadSearchBalance : undefined;
  // Show Contacts runs a Lead Finder search at once (product-spec §2): it says what it spends.
  const showContactsCost =
    leadSearchesLeft === undefined
      ? null
      : `Opens Lead Finder: uses 1 search (${leadSearchesLeft} left)`;

  useDocumentTitle(company.data ? `${companyName} | Mailhound` : 'Company | Mailhound');
  // The same company opened by domain or slug has one address: its slug's.
  useCanonicalLink(
    company.data
      ? `${window.location.origin}/company/${encodeURIComponent(company.data.slug ?? name)}`
      : null,
  );

  if (company.isError) {
    if (company.error instanceof ApiError && company.error.status === 404) {
      return <Navigate to="/404" replace />;
    }
    return <Text c="red">{loadFailed}</Text>;
  }
  if (company.isPending) return <PageLoader />;

  const data = company.data;
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar src={data.logoUrl} alt={`${companyName} logo`} size="lg" radius="md">
          {companyName.charAt(0).toUpperCase()}
        </Avatar>
        <Title order={1} size="h2">
          {companyName}
        </Title>
      </Group>
      {data.description && <Text>{data.description}</Text>}
      <CompanyFacts company={data} />
      <Paper withBorder p="lg" radius="md" bg="blue.0" component="section" aria-label="Connect">
        <Group justify="space-between" gap="md">
          <Title order={2} size="h3">
            Connect with Decision Makers
          </Title>
          {/* The long label wraps on a phone instead of being cut. */}
          <Button
            size="md"
            h="auto"
            py="xs"
            styles={{ label: { whiteSpace: 'normal' } }}
            onClick={openLeadFinder}
          >
            Try for Free (Receive Free Credits Every Month!)
          </Button>
        </Group>
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <DecisionMakers
              people={leadTitles.data}
              onShowContacts={openLeadFinder}
              showContactsCost={showContactsCost}
            />
            <EmployeeOverview stats={stats.data} employees={data.employees} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <RelatedBusinesses companies={similar.data} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
