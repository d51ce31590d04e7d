import { type CompanyAnswer, industryLabel } from '@mailhound/contracts';
import { ActionIcon, Anchor, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { revenueText } from '../revenue-text.ts';

const missing = '—';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" mt={4}>
        {children}
      </Text>
    </Paper>
  );
}

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

const socials = [
  { key: 'linkedinUrl', name: 'LinkedIn', Icon: IconBrandLinkedin },
  { key: 'twitterUrl', name: 'Twitter', Icon: IconBrandX },
  { key: 'facebookUrl', name: 'Facebook', Icon: IconBrandFacebook },
  { key: 'instagramUrl', name: 'Instagram', Icon: IconBrandInstagram },
] as const;

// product-spec §2 Company page: website, country, industry, employees, founded, estimated
// revenue as a range and social links, each in its own panel.
export function CompanyFacts({ company }: { company: CompanyAnswer }) {
  const links = socials.flatMap(({ key, name, Icon }) => {
    const url = company[key];
    return url ? [{ url, name, Icon }] : [];
  });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Fact label="Website">
        {company.website ? (
          <Anchor href={websiteHref(company.website)} target="_blank" rel="noopener noreferrer">
            {company.website}
          </Anchor>
        ) : (
          missing
        )}
      </Fact>
      <Fact label="Country">{company.country ?? missing}</Fact>
      <Fact label="Industry">{company.industry ? industryLabel(company.industry) : missing}</Fact>
      <Fact label="Employees">{company.employees ?? missing}</Fact>
      <Fact label="Founded">{company.foundedYear ?? missing}</Fact>
      <Fact label="Estimated Revenue">{revenueText(company.revenue) ?? missing}</Fact>
      <Fact label="Social">
        {links.length === 0 ? (
          missing
        ) : (
          <Group gap="xs">
            {links.map(({ url, name, Icon }) => (
              <ActionIcon
                key={name}
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                aria-label={name}
              >
                <Icon size={18} />
              </ActionIcon>
            ))}
          </Group>
        )}
      </Fact>
    </SimpleGrid>
  );
}
