import { invoiceMessages } from '@mailhound/contracts';
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';

// A copy icon named for what it copies ('Copy API key'). It then says 'Copied', or why not
// (a page served over plain http has no clipboard), to the eye and to a screen reader.
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const clipboard = useClipboard({ timeout: 2000 });
  const outcome = clipboard.error ? invoiceMessages.copyFailed : clipboard.copied ? 'Copied' : '';
  return (
    <>
      <Tooltip label={outcome || label} withArrow>
        <ActionIcon
          variant="subtle"
          color={clipboard.error ? 'red' : clipboard.copied ? 'teal' : 'gray'}
          aria-label={label}
          onClick={() => clipboard.copy(value)}
        >
          {clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden role="status">{outcome}</VisuallyHidden>
    </>
  );
}
