import {
  OTHER_REASON,
  SURVEY_RATING,
  SURVEY_TOAST_MS,
  type SurveyReason,
  surveyMessages,
  surveyRatingLabels,
  surveyReasons,
} from '@mailhound/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Paper,
  Rating,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useSubmitSurvey, useUnsubscribeByLink } from '../api/submit-survey.ts';
import { OTHER_COMMENT_MAX, toSurveyPayload } from '../survey-answers.ts';
import { isSurveySubmitted, markSurveySubmitted } from '../survey-flag.ts';

const ratingLabel = (value: number) => surveyRatingLabels[value - 1] ?? '';

// product-spec §2 "Unsubscribe survey". The route guard makes sure the unsub token is there.
export function UnsubscribeSurveyPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('unsub') ?? '';
  const [submitted, setSubmitted] = useState(() => isSurveySubmitted(token));
  const unsubscribe = useUnsubscribeByLink(token);
  // A link the server refuses (400: forged or cut) cannot carry a survey either.
  const linkRefused = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;

  return (
    <Page title="Unsubscribe">
      <Paper withBorder p="xl" radius="md" maw={640}>
        {submitted ? (
          <Stack gap="xs" role="status">
            <Title order={2} size="h3">
              Thank you for your feedback!
            </Title>
            <Text>You have been unsubscribed and will not receive further emails from us.</Text>
          </Stack>
        ) : (
          <Stack gap="lg">
            <LinkUnsubscribe unsubscribe={unsubscribe} />
            {!linkRefused && <SurveyForm token={token} onSubmitted={() => setSubmitted(true)} />}
          </Stack>
        )}
      </Paper>
    </Page>
  );
}

const unsubscribeFailed = 'We could not unsubscribe you. Please open the link again later.';

// The contact is unsubscribed as soon as the page opens, whether or not the survey is sent.
function LinkUnsubscribe({
  unsubscribe,
}: {
  unsubscribe: ReturnType<typeof useUnsubscribeByLink>;
}) {
  const { mutate } = unsubscribe;
  useEffect(() => mutate(), [mutate]);
  if (unsubscribe.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(unsubscribe.error, unsubscribeFailed)}
      </Alert>
    );
  }
  if (!unsubscribe.isSuccess) return <Text c="dimmed">Unsubscribing…</Text>;
  return (
    <Alert color="green" role="status" title="You have been unsubscribed.">
      You will not receive further emails from us. If you have a moment, tell us why below.
    </Alert>
  );
}

function SurveyForm({ token, onSubmitted }: { token: string; onSubmitted: () => void }) {
  const [reasons, setReasons] = useState<SurveyReason[]>([]);
  const [other, setOther] = useState('');
  const [rating, setRating] = useState(0);
  const submit = useSubmitSurvey(token);
  const otherMarked = reasons.includes(OTHER_REASON);

  const done = () => {
    markSurveySubmitted(token);
    onSubmitted();
  };

  const send = () =>
    submit.mutate(toSurveyPayload({ reasons, other, rating }), {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: surveyMessages.submitted,
          autoClose: SURVEY_TOAST_MS,
        });
        done();
      },
      onError: (error) => {
        // Already submitted (from another device): this one learns it too.
        if (error instanceof ApiError && error.status === 409) {
          done();
          return;
        }
        notifications.show({
          color: 'red',
          message: surveyMessages.failed,
          autoClose: SURVEY_TOAST_MS,
        });
      },
    });

  return (
    <form
      aria-label="Unsubscribe survey"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap="lg">
        <Checkbox.Group
          label="Why are you unsubscribing?"
          description="Select all that apply."
          value={reasons}
          onChange={(value) => setReasons(surveyReasons.filter((reason) => value.includes(reason)))}
        >
          <Stack gap="xs" mt="sm">
            {surveyReasons.map((reason) => (
              <Checkbox key={reason} value={reason} label={reason} />
            ))}
          </Stack>
        </Checkbox.Group>
        {otherMarked && (
          <TextInput
            label="Please specify"
            maxLength={OTHER_COMMENT_MAX}
            description={`${other.length}/${OTHER_COMMENT_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={other}
            onChange={(event) => setOther(event.currentTarget.value.slice(0, OTHER_COMMENT_MAX))}
          />
        )}
        <Stack gap={4}>
          <Text fw={500} size="sm" id="survey-rating-label">
            How satisfied were you with our emails?
          </Text>
          <Rating
            size="lg"
            count={SURVEY_RATING.max}
            value={rating}
            onChange={setRating}
            // The Rating's first input (value 0) stands for no rating.
            getSymbolLabel={(value) => (value === 0 ? 'No rating' : ratingLabel(value))}
            aria-labelledby="survey-rating-label"
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {rating === 0 ? 'No rating chosen' : ratingLabel(rating)}
          </Text>
        </Stack>
        <Button type="submit" w="fit-content" loading={submit.isPending}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
