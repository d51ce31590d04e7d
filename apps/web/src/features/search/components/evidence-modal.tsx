import type { Evidence, Verdict } from '@mailhound/contracts';
import { Group, Modal, Stack, Table, Text } from '@mantine/core';
import { CheckBadges, StatusBadge } from '../../../shared/ui/verdict-badges.tsx';
import { hunterChecks, ourChecks } from '../../../shared/ui/verdict-words.ts';
import { readEvidence, replyText } from '../evidence.ts';

function catchAllText(evidence: Evidence): string {
  if (evidence.catchAll === true) return 'Yes: the server accepts any address';
  if (evidence.catchAll === false) return 'No: unknown addresses are refused';
  return 'Unknown';
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

// The verdict on the address found, its checks as badges as the Email Verifier shows them.
function VerdictChecks({ verdict }: { verdict: Verdict }) {
  return (
    <Stack gap="xs" component="section" aria-label={`Verdict on ${verdict.email}`}>
      <Group gap="sm">
        <StatusBadge status={verdict.status} size="md" />
        <Text size="sm">{verdict.reason}</Text>
      </Group>
      <CheckBadges title="Checks" checks={hunterChecks} verdict={verdict} />
      <CheckBadges title="Mailbox" checks={ourChecks} verdict={verdict} />
    </Stack>
  );
}

// The evidence behind a result: the verdict's checks, the MX host used, each candidate's SMTP
// reply, the catch-all probe, the pattern and the timings (issue 5: none of the commercial
// finders show it).
export function EvidenceModal({
  evidence,
  verdict,
  opened,
  onClose,
}: {
  evidence: unknown;
  verdict: Verdict | null;
  opened: boolean;
  onClose: () => void;
}) {
  const read = readEvidence(evidence);
  return (
    <Modal opened={opened} onClose={onClose} title="Evidence" size="xl">
      {read === null ? (
        <Text size="sm">No evidence was recorded for this search.</Text>
      ) : (
        <Stack gap="xs">
          {verdict && <VerdictChecks verdict={verdict} />}
          {read.domain && <Fact label="Domain">{read.domain}</Fact>}
          <Fact label="MX host">
            {read.mx
              ? `${read.mx.host}${read.mx.address ? ` [${read.mx.address}]` : ''}${read.mx.tls ? ' (TLS)' : ''}${read.implicitMx ? ' (no MX record: the domain itself)' : ''}`
              : 'None reached'}
          </Fact>
          <Fact label="Catch-all">{catchAllText(read)}</Fact>
          {read.catchAllProbe && (
            <Fact label="Catch-all probe">
              {`${read.catchAllProbe.email}: ${replyText(read.catchAllProbe) || 'no reply'}${read.catchAllProbe.cached ? ' (earlier probe)' : ''}`}
            </Fact>
          )}
          <Fact label="Pattern">
            {`${read.pattern ?? 'none'}${read.learntPattern ? ` (known pattern of the domain: ${read.learntPattern})` : ''}`}
          </Fact>
          {read.reason && (
            <Fact label="Score reason">{`${read.reason}${read.detail ? ` (${read.detail})` : ''}`}</Fact>
          )}
          {read.timings && (
            <Fact label="Timings">
              {`DNS ${read.timings.dnsMs} ms, SMTP ${read.timings.smtpMs} ms, total ${read.timings.totalMs} ms`}
            </Fact>
          )}
          {read.candidates && read.candidates.length > 0 && (
            <Table.ScrollContainer minWidth={520}>
              <Table striped aria-label="Candidates">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Candidate</Table.Th>
                    <Table.Th>Pattern</Table.Th>
                    <Table.Th>SMTP reply</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {read.candidates.map((candidate) => (
                    <Table.Tr key={candidate.email}>
                      <Table.Td>{candidate.email}</Table.Td>
                      <Table.Td>{candidate.pattern ?? ''}</Table.Td>
                      <Table.Td>
                        {candidate.status === 'untested'
                          ? 'Not tested'
                          : replyText(candidate) || 'No reply'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}
