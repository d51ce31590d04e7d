import {
  Anchor,
  CloseButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FirstStep } from '../use-first-steps.ts';

// What a new user sees first after signing up, in place of an empty page.
export function FirstSteps({ steps, onDismiss }: { steps: FirstStep[]; onDismiss: () => void }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Get started">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={2} size="h4">
              Get started
            </Title>
            <Text size="sm" c="dimmed">
              {done} of {steps.length} done
            </Text>
          </div>
          <CloseButton aria-label="Dismiss the checklist" onClick={onDismiss} />
        </Group>
        <List spacing="xs" center>
          {steps.map((step) => (
            <List.Item
              key={step.to}
              data-done={step.done || undefined}
              icon={
                <ThemeIcon color={step.done ? 'green' : 'gray'} variant="light" radius="xl">
                  {step.done ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} to={step.to} td={step.done ? 'line-through' : undefined}>
                {step.label}
              </Anchor>
              <Text span size="sm" c="dimmed">
                {step.done ? ' — done' : ' — to do'}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
