import { billingMessages } from '@mailhound/contracts';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { type Card, useCard } from '../api/get-card.ts';

const typeLabels: Record<Card['type'], string> = {
  card: 'Card',
  link: 'Link',
  us_bank: 'US bank account',
};

// Card networks' own names; the payment provider sends ids ('visa', 'amex').
const brandLabels: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos Australia',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

export function cardBrandLabel(brand: string | null): string | null {
  if (brand === null || brand === 'unknown') return null;
  return brandLabels[brand] ?? brand;
}

// product-spec §2 "Billing": type, brand, last four, e-mail and bank name.
function cardRows(card: Card): [string, string][] {
  const rows: [string, string | null][] = [
    ['Type', typeLabels[card.type]],
    ['Brand', cardBrandLabel(card.brand)],
    ['Last four', card.last4 === null ? null : `•••• ${card.last4}`],
    ['Email', card.email],
    ['Bank name', card.bank_name],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

export function CardDetails() {
  const card = useCard();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Payment method">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Payment method
        </Title>
        {card.isPending ? (
          <PageLoader />
        ) : card.isError ? (
          <Text c="red">{billingMessages.cannotGetCard}</Text>
        ) : card.data === null ? (
          <Text c="dimmed">No payment method on file.</Text>
        ) : (
          <Table variant="vertical" withTableBorder maw={480}>
            <Table.Tbody>
              {cardRows(card.data).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={140}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
