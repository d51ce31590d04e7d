import { zodResolver } from '@hookform/resolvers/zod';
import {
  type WebhookEvent,
  webhookCreateSchema,
  webhookEvents,
  webhookMessages,
} from '@mailhound/contracts';
import { Button, Checkbox, Code, Stack, Text, TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { showFailure } from '../show-failure.ts';
import { webhookEventText } from '../webhook-event-text.ts';
import type { ShownOnce } from './shown-once-modal.tsx';

export function WebhookCreateForm({
  atLimit,
  onCreated,
  submitRef,
}: {
  atLimit: boolean;
  onCreated: (secret: ShownOnce) => void;
  submitRef: RefObject<HTMLButtonElement | null>;
}) {
  const create = useCreateWebhook();
  const form = useForm({
    resolver: zodResolver(webhookCreateSchema),
    mode: 'all',
    defaultValues: { url: '', events: [] as WebhookEvent[] },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const webhook = await create.mutateAsync(values);
      form.reset({ url: '', events: [] });
      onCreated({
        title: 'Signing secret',
        message: webhookMessages.created,
        label: 'Signing secret',
        copyLabel: 'Copy signing secret',
        value: webhook.secret,
      });
    } catch (error) {
      showFailure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a webhook">
      <Stack gap="md">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/hooks/mailhound"
          required
          maw={560}
          error={errors.url?.message}
          {...form.register('url')}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label="Events"
              description="The events this URL hears about."
              required
              value={field.value}
              onChange={(value) =>
                field.onChange(webhookEvents.filter((event) => value.includes(event)))
              }
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            >
              <Stack gap="xs" mt="xs">
                {webhookEvents.map((event) => (
                  <Checkbox
                    key={event}
                    value={event}
                    label={<Code>{event}</Code>}
                    description={webhookEventText[event]}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Button
          ref={submitRef}
          type="submit"
          w="fit-content"
          loading={create.isPending}
          disabled={atLimit}
        >
          Add webhook
        </Button>
        {atLimit && (
          <Text size="sm" c="dimmed">
            {webhookMessages.tooMany}
          </Text>
        )}
      </Stack>
    </form>
  );
}
