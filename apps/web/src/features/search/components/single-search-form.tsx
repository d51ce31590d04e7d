import { zodResolver } from '@hookform/resolvers/zod';
import {
  type SingleSearchForm as SearchValues,
  singleSearchExample,
  singleSearchFormSchema,
} from '@mailhound/contracts';
import { Anchor, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { marketingUrl } from '../../../shared/config.ts';

const tutorialVideoUrl = `${marketingUrl}/tutorials/single-search`;

export function SingleSearchForm({
  defaultValues,
  searching,
  onSearch,
  botCheck,
}: {
  defaultValues: SearchValues;
  searching: boolean;
  onSearch: (values: SearchValues) => Promise<void>;
  botCheck?: ReactNode;
}) {
  const form = useForm({
    resolver: zodResolver(singleSearchFormSchema),
    mode: 'onChange',
    defaultValues,
  });
  const { errors } = form.formState;

  const fillExample = () => {
    for (const field of Object.keys(singleSearchExample) as (keyof SearchValues)[]) {
      form.setValue(field, singleSearchExample[field], { shouldValidate: true, shouldDirty: true });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onSearch)} noValidate aria-label="Single search">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Company Website or Name"
            placeholder="acme.com or Acme Inc"
            required
            error={errors.company?.message}
            {...form.register('company')}
          />
          <TextInput
            label="First Name"
            required
            autoComplete="off"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label="Last Name"
            required
            autoComplete="off"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </SimpleGrid>
        {botCheck}
        <Group justify="space-between">
          <Group gap="sm">
            {/* Busy from the click on: a guest's bot check may still be solving. */}
            <Button type="submit" loading={searching || form.formState.isSubmitting}>
              Search
            </Button>
            <Button type="button" variant="default" onClick={fillExample} disabled={searching}>
              Example
            </Button>
          </Group>
          <Anchor href={tutorialVideoUrl} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span">
              <IconPlayerPlay size={14} />
              Watch the tutorial video
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
