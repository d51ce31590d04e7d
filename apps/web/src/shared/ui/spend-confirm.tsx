import { bulkMessages } from '@mailhound/contracts';
import { Button, type ButtonProps, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { type ComponentPropsWithoutRef, useId } from 'react';
import { useBalance } from '../session/api/get-balance.ts';

// What one search costs (product-spec §1): said beside every button that runs one.
export const oneSearchPrice = 'One credit, only when the e-mail found is fully verified.';

// A button that runs one search says its price as its tooltip and its accessible description:
// a one-credit action is not worth a dialog.
export function OneSearchButton({
  children,
  ...props
}: ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>) {
  const priceId = useId();
  return (
    <>
      <Tooltip label={oneSearchPrice} withArrow>
        <Button {...props} aria-describedby={priceId}>
          {children}
        </Button>
      </Tooltip>
      <span id={priceId} hidden>
        {oneSearchPrice}
      </span>
    </>
  );
}

// What a spend costs at most and the balance it comes from, in the bulk download's words
// (product-spec §2 "Bulk preview": 'You will pay up to N credit(s)') and the top bar's.
export function SpendPrice({ credits }: { credits: number }) {
  const balance = useBalance();
  const available = balance.data?.balanceAvailable;
  return (
    <Stack gap={2}>
      <Text fw={500}>{bulkMessages.youWillPay(credits)}</Text>
      <Text size="sm" c="dimmed">
        One credit for each e-mail found fully verified; the others are free.
      </Text>
      {available !== undefined && available !== null && (
        <Text size="sm" c="dimmed">
          Credits available: {available.toLocaleString()}
        </Text>
      )}
    </Stack>
  );
}

// Credits are spent only after the price is shown, as Hunter and Snov.io ask before a bulk
// find: `credits` is the most it can take (one per search that could come back verified).
export function SpendConfirmModal({
  opened,
  title,
  credits,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  credits: number;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <SpendPrice credits={credits} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
