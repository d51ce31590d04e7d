import { zodResolver } from '@hookform/resolvers/zod';
import { type VerifyBody, verifyBodySchema } from '@mailhound/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';

// One address, checked as it is typed with the schema the server validates with.
export function VerifyForm({
  verifying,
  onVerify,
}: {
  verifying: boolean;
  onVerify: (body: VerifyBody) => Promise<void>;
}) {
  const form = useForm({
    resolver: zodResolver(verifyBodySchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onVerify)} noValidate aria-label="Verify an address">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Email address"
          placeholder="ann.lee@acme.com"
          required
          autoComplete="off"
          style={{ flex: 1 }}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" mt={25} loading={verifying || form.formState.isSubmitting}>
          Verify
        </Button>
      </Group>
    </form>
  );
}
