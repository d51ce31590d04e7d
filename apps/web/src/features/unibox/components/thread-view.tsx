import { mailboxInErrorMessage, type ThreadSummary, uniboxMessages } from '@mailhound/contracts';
import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowForwardUp,
  IconCornerUpLeft,
  IconMail,
  IconMailOpened,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useThread } from '../api/get-thread.ts';
import { useUpdateThread } from '../api/update-thread.ts';
import { type ComposeMode, EmailComposer } from './email-composer.tsx';
import { LeadNotes } from './lead-notes.tsx';
import { ThreadMessageCard } from './thread-message-card.tsx';
import { ThreadStatusBadge } from './thread-status-badge.tsx';

// The open conversation. Opening it marks it read once (the web sends unread:false, see the
// server's unibox/routes.ts), so a later "Mark as unread" stays unread while it is open.
export function ThreadView({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useThread(id);
  const { mutate: markThread, isPending: marking } = useUpdateThread();
  const [composing, setComposing] = useState<ComposeMode | null>(null);
  const opened = useRef(false);
  const fresh = detail.isFetchedAfterMount ? detail.data : undefined;

  useEffect(() => {
    if (fresh === undefined || opened.current) return;
    opened.current = true;
    if (fresh.thread.unread) markThread({ id, unread: false });
  }, [fresh, id, markThread]);

  if (detail.isPending) return <PageLoader />;
  if (detail.isError) {
    return (
      <Text c={detail.error instanceof ApiError && detail.error.status === 404 ? 'dimmed' : 'red'}>
        {detail.error instanceof ApiError && detail.error.status === 404
          ? 'This conversation was not found.'
          : detail.error.message}
      </Text>
    );
  }
  const { thread, messages, notes } = detail.data;
  const cannotSend = thread.mailbox === null || thread.mailbox.status === 'error';

  return (
    <Stack component="section" aria-label="Conversation" gap="md">
      <ThreadHeader thread={thread} onClose={onClose} />
      {cannotSend && <MailboxProblem mailbox={thread.mailbox} />}
      <Group gap="xs">
        <Button
          size="xs"
          leftSection={<IconCornerUpLeft size={16} />}
          variant={composing === 'reply' ? 'filled' : 'light'}
          disabled={cannotSend}
          onClick={() => setComposing('reply')}
        >
          Reply
        </Button>
        <Button
          size="xs"
          leftSection={<IconArrowForwardUp size={16} />}
          variant={composing === 'forward' ? 'filled' : 'light'}
          disabled={cannotSend}
          onClick={() => setComposing('forward')}
        >
          Forward
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          loading={marking}
          leftSection={thread.unread ? <IconMailOpened size={16} /> : <IconMail size={16} />}
          onClick={() => markThread({ id, unread: !thread.unread })}
        >
          {thread.unread ? 'Mark as read' : 'Mark as unread'}
        </Button>
      </Group>
      <Stack component="ol" aria-label="Messages" gap="sm" m={0} p={0}>
        {messages.map((message) => (
          <li key={message.id} style={{ listStyle: 'none' }}>
            <ThreadMessageCard message={message} />
          </li>
        ))}
      </Stack>
      {composing !== null && !cannotSend && (
        <EmailComposer
          key={composing}
          mode={composing}
          thread={thread}
          onClose={() => setComposing(null)}
        />
      )}
      <Divider />
      <LeadNotes threadId={thread.id} customerId={thread.lead.customer_id} notes={notes} />
    </Stack>
  );
}

// Why Reply and Forward are off: the mailbox they would send through, its state, and a link
// to the Sender List opening it.
function MailboxProblem({ mailbox }: { mailbox: ThreadSummary['mailbox'] }) {
  if (mailbox === null) {
    return (
      <Alert color="orange" role="status">
        {uniboxMessages.mailboxGone} Replies and forwards need the mailbox the conversation started
        from.
      </Alert>
    );
  }
  return (
    <Alert color="orange" role="status" title="Reply is off while the mailbox is in error">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{mailboxInErrorMessage(mailbox.email, mailbox.status_message)}</Text>
        <Anchor
          component={Link}
          size="sm"
          to={`/sender-list?mailbox=${encodeURIComponent(mailbox.id)}`}
        >
          Open {mailbox.email} in the Sender List
        </Anchor>
      </Stack>
    </Alert>
  );
}

function ThreadHeader({ thread, onClose }: { thread: ThreadSummary; onClose: () => void }) {
  const lead =
    thread.lead.name === '' ? thread.lead.email : `${thread.lead.name} <${thread.lead.email}>`;
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} size="h4">
              {thread.subject}
            </Title>
            <ThreadStatusBadge status={thread.status} />
          </Group>
          <Text size="sm">Lead: {lead}</Text>
          <Text size="sm" c="dimmed">
            Campaign:{' '}
            {thread.campaign === null ? (
              'none'
            ) : (
              <Anchor
                component={Link}
                to={`/campaigns/campaign-configuration/${encodeURIComponent(thread.campaign.id)}`}
              >
                {thread.campaign.name}
              </Anchor>
            )}
          </Text>
          <Text size="sm" c="dimmed">
            Mailbox: {thread.mailbox === null ? 'deleted' : thread.mailbox.email}
          </Text>
        </Stack>
        <CloseButton aria-label="Close conversation" onClick={onClose} />
      </Group>
    </Paper>
  );
}
