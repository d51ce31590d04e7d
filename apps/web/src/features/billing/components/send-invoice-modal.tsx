import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, invoiceMessages, type Receipt } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSendInvoice } from '../api/send-invoice.ts';

const sendInvoiceFormSchema = z.object({ email: emailSchema });

// product-spec §2 "Invoices": Send Invoice asks for an e-mail address.
export function SendInvoiceModal({
  receipt,
  defaultEmail,
  onClose,
}: {
  receipt: Receipt | null;
  defaultEmail: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={receipt !== null} onClose={onClose} title="Send Invoice" centered>
      {receipt !== null && (
        <SendInvoiceForm receipt={receipt} defaultEmail={defaultEmail} onClose={onClose} />
      )}
    </Modal>
  );
}

function SendInvoiceForm({
  receipt,
  defaultEmail,
  onClose,
}: {
  receipt: Receipt;
  defaultEmail: string;
  onClose: () => void;
}) {
  const send = useSendInvoice();
  const form = useForm({
    resolver: zodResolver(sendInvoiceFormSchema),
    mode: 'onChange',
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await send.mutateAsync({ email, receipts: [receipt] });
      notifications.show({ message: invoiceMessages.sent, color: 'green' });
      onClose();
    } catch {
      notifications.show({ message: invoiceMessages.sendFailed, color: 'red' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send invoice">
      <Stack>
        <TextInput
          label="Email"
          type="email"
          data-autofocus
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
