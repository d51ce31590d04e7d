import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREDITS_PURCHASE,
  creditsPurchaseSchema,
  creditsTotalDollars,
  digitsOnly,
  isBlockedNumberKey,
  stepCredits,
} from '@mailhound/contracts';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';

const maxDigits = String(CREDITS_PURCHASE.max).length;

const totalFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

// product-spec §5 "Credits purchase" and "Digit-only helper": e . - + , and any other single
// non-digit key are refused before they reach the field; shortcuts (Ctrl/Cmd) still work.
function refuseNonDigitKey(event: KeyboardEvent<HTMLInputElement>) {
  const { key } = event;
  const nonDigit = key.length === 1 && !/\d/.test(key) && !event.ctrlKey && !event.metaKey;
  if (isBlockedNumberKey(key) || nonDigit) event.preventDefault();
}

// The Extra credits block: a number of credits, its total price, and Purchase.
export function ExtraCreditsBlock({
  pricePerCreditCents,
  pending,
  onPurchase,
}: {
  pricePerCreditCents: number;
  pending: boolean;
  onPurchase: (credits: number) => void;
}) {
  const form = useForm({
    resolver: zodResolver(creditsPurchaseSchema),
    mode: 'onChange',
    defaultValues: { credits: CREDITS_PURCHASE.default },
  });
  const credits = useWatch({ control: form.control, name: 'credits' });
  const total = creditsTotalDollars(credits === '' ? 0 : credits, pricePerCreditCents);

  return (
    <Paper withBorder p="lg" radius="md">
      <form
        aria-label="Extra credits"
        noValidate
        onSubmit={form.handleSubmit((values) => onPurchase(values.credits))}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Extra credits
          </Title>
          <Controller
            control={form.control}
            name="credits"
            render={({ field, fieldState }) => (
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="input-sm"
                  aria-label="Remove 10 credits"
                  onClick={() => field.onChange(stepCredits(field.value, -1))}
                >
                  <IconMinus size={16} />
                </ActionIcon>
                <TextInput
                  aria-label="Credits"
                  inputMode="numeric"
                  autoComplete="off"
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onKeyDown={refuseNonDigitKey}
                  onChange={(event) =>
                    field.onChange(digitsOnly(event.currentTarget.value, { maxLength: maxDigits }))
                  }
                  error={fieldState.error?.message}
                  w={160}
                />
                <ActionIcon
                  variant="default"
                  size="input-sm"
                  aria-label="Add 10 credits"
                  onClick={() => field.onChange(stepCredits(field.value, 1))}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              </Group>
            )}
          />
          <Text fw={600}>{`Total price: ${totalFormat.format(total)}`}</Text>
          <Button type="submit" w="fit-content" loading={pending}>
            Purchase
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
