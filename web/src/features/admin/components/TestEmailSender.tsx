import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';

import type { Problem } from '../../../api/errors';
import { email } from '../../../lib/form/validation';
import { useCurrentUser } from '../../../lib/session/session';
import { useAdminText } from '../adminTexts';

export interface TestEmailTexts {
  title: string;
  hint?: string;
  to: string;
  send: string;
  sent: (to: string) => string;
  /** Put before the server's reason when the title alone does not say what failed. */
  failed?: string;
}

type Outcome = { sent: true; to: string } | { sent: false; message: string };

/**
 * "Send a test" to an address the admin types (their own at first), then what happened. A group, not a
 * form, so that it can sit inside an editor's form; Enter in the address sends.
 */
export function TestEmailSender({ send, texts, disabled = false }: { send: (to: string) => Promise<unknown>; texts: TestEmailTexts; disabled?: boolean }) {
  const { problemText, errorText } = useAdminText();
  const titleId = useId();
  const [to, setTo] = useState(useCurrentUser()?.email ?? '');
  const [invalid, setInvalid] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const sendTest = async () => {
    setOutcome(undefined);
    const problem = email(to);
    setInvalid(problem);
    if (problem) return;
    setBusy(true);
    try {
      await send(to.trim());
      setOutcome({ sent: true, to: to.trim() });
    } catch (failure) {
      setOutcome({ sent: false, message: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Text fw={600} size="sm" id={titleId}>
        {texts.title}
      </Text>
      {texts.hint && (
        <Text size="sm" c="dimmed">
          {texts.hint}
        </Text>
      )}
      <Group align="flex-end" gap="xs">
        <TextInput
          label={texts.to}
          type="email"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void sendTest();
          }}
          error={invalid ? problemText(invalid) : undefined}
          aria-invalid={invalid ? true : undefined}
          style={{ flex: 1, minWidth: '12rem' }}
        />
        <Button variant="light" onClick={() => void sendTest()} loading={busy} disabled={disabled}>
          {texts.send}
        </Button>
      </Group>
      {outcome?.sent === true && (
        <Alert color="teal" role="status" p="xs">
          {texts.sent(outcome.to)}
        </Alert>
      )}
      {outcome?.sent === false && (
        <Alert color="red" role="alert" p="xs">
          {texts.failed ? `${texts.failed} ${outcome.message}` : outcome.message}
        </Alert>
      )}
    </Stack>
  );
}
