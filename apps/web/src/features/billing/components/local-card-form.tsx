import { zodResolver } from '@hookform/resolvers/zod';
import { type LocalCardPayload, localCardSchema } from '@mailhound/contracts';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { formatCardNumber, formatExpiry, testCardHint } from '../local-card.ts';

// The local provider's card form: checkout payment and the portal's payment method alike.
export function LocalCardForm({
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (card: LocalCardPayload) => void;
}) {
  const form = useForm({
    resolver: zodResolver(localCardSchema),
    // Checked as you type, like every other form of the app.
    mode: 'onChange',
    defaultValues: { name: '', cardNumber: '', expiry: '', cvc: '' },
  });
  const { errors } = form.formState;

  return (
    <form aria-label={label} noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="sm" maw={420}>
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="cardNumber"
          render={({ field }) => (
            <TextInput
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              error={errors.cardNumber?.message}
              {...field}
              onChange={(event) => field.onChange(formatCardNumber(event.currentTarget.value))}
            />
          )}
        />
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="expiry"
            render={({ field }) => (
              <TextInput
                label="Expiry (MM/YY)"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                error={errors.expiry?.message}
                {...field}
                onChange={(event) => field.onChange(formatExpiry(event.currentTarget.value))}
              />
            )}
          />
          <TextInput
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            error={errors.cvc?.message}
            {...form.register('cvc')}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {testCardHint}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" w="fit-content" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
