import type { VerifyResultData } from '@mailhound/contracts';
import { Accordion, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { z } from 'zod';
import { CheckBadges, StatusBadge } from '../../../shared/ui/verdict-badges.tsx';
import { hunterChecks, ourChecks } from '../../../shared/ui/verdict-words.ts';

// The finder's evidence names the MX host it asked (packages/finder FinderEvidence.mx).
const mxOfEvidence = z.object({ mx: z.object({ host: z.string() }) });

function mxHost(evidence: VerifyResultData['evidence']): string | null {
  const parsed = mxOfEvidence.safeParse(evidence);
  return parsed.success ? parsed.data.mx.host : null;
}

// The reply to RCPT TO that decided the verdict, and the mail server that gave it.
function SmtpEvidence({ verdict }: { verdict: VerifyResultData }) {
  const reply = verdict.smtp_reply;
  const host = mxHost(verdict.evidence);
  if (reply === null && host === null) {
    return <Text size="sm">No mail server was asked.</Text>;
  }
  const rows: [string, string][] = [
    ['MX host', host ?? '—'],
    ['Reply code', reply === null ? '—' : reply.code === 0 ? 'No answer' : String(reply.code)],
    ['Enhanced code', reply?.enhanced ?? '—'],
    ['Reply text', reply?.text || '—'],
  ];
  return (
    <Table aria-label="SMTP evidence" withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={140}>{label}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// The verdict on one address: its status and why, the checks as badges, the score, and the
// SMTP evidence folded below.
export function VerdictCard({ verdict }: { verdict: VerifyResultData }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      aria-label={`Verdict on ${verdict.email}`}
      component="section"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <StatusBadge status={verdict.status} />
              <Title order={2} size="h4" style={{ wordBreak: 'break-all' }}>
                {verdict.email}
              </Title>
            </Group>
            <Text size="sm" data-testid="verdict-reason">
              {verdict.reason}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xl" fw={700} data-testid="verdict-score">
              {verdict.score}
            </Text>
            <Text size="xs" c="dimmed">
              Score out of 100
            </Text>
          </Stack>
        </Group>
        <CheckBadges title="Checks" checks={hunterChecks} verdict={verdict} />
        <CheckBadges title="Mailbox" checks={ourChecks} verdict={verdict} />
        <Text size="sm" c="dimmed">
          {verdict.charged ? 'This verification cost 1 credit.' : 'This verification was free.'}
        </Text>
        <Accordion variant="contained">
          <Accordion.Item value="smtp">
            <Accordion.Control>SMTP evidence</Accordion.Control>
            <Accordion.Panel>
              <SmtpEvidence verdict={verdict} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}
