import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleMinus, IconCircleX, IconHelpCircle, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { StatusLooks } from '../components/StatusBadge';
import { ADMIN_NAMESPACE } from '../i18n';
import type { AuthResult, Classification, OpenedMessage, Verification } from './api';

const CHECKS = ['spf', 'dkim', 'dmarc'] as const;

/** Each result's colour and an icon of its own shape, so that colour is never all that tells them apart. */
const LOOKS: StatusLooks<AuthResult | 'unreported'> = {
  pass: { color: 'green', Icon: IconCircleCheck },
  fail: { color: 'red', Icon: IconCircleX },
  softfail: { color: 'orange', Icon: IconAlertTriangle },
  neutral: { color: 'gray', Icon: IconCircleMinus },
  none: { color: 'gray', Icon: IconCircleMinus },
  temperror: { color: 'yellow', Icon: IconAlertTriangle },
  permerror: { color: 'yellow', Icon: IconAlertTriangle },
  policy: { color: 'blue', Icon: IconHelpCircle },
  unreported: { color: 'gray', Icon: IconHelpCircle },
};

/**
 * SPF, DKIM and DMARC as the receiving server reported them: a small pill each, its text saying the check
 * and its result ("SPF: pass"), and "DKIM-signed" when the message carries a signature. The text is dark:
 * the light pills' own shade falls below the contrast small text needs.
 */
export function VerificationBadges({ verification }: { verification: Verification }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Group gap={4} wrap="wrap" title={verification.reportedBy ? t('mailbox.verification.reportedBy', { server: verification.reportedBy }) : undefined}>
      {CHECKS.map((check) => {
        const result = verification[check] ?? 'unreported';
        const { color, Icon } = LOOKS[result];
        return (
          <Badge key={check} size="sm" variant="light" color={color} c="dark.7" tt="none" leftSection={<Icon size={12} aria-hidden />}>
            {t('mailbox.verification.check', { check: t(`mailbox.verification.checks.${check}`), result: t(`mailbox.verification.results.${result}`) })}
          </Badge>
        );
      })}
      {verification.signed && (
        <Badge size="sm" variant="outline" color="gray" c="dark.7" tt="none" leftSection={<IconSignature size={12} aria-hidden />}>
          {t('mailbox.verification.signed')}
        </Badge>
      )}
    </Group>
  );
}

/** The message's DKIM signatures as this server verified them: signer, selector and result, and why not a pass. */
export function OwnDkimChecks({ checks }: { checks: OpenedMessage['dkim'] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (checks.length === 0) return <Text size="sm">{t('mailbox.ownDkim.unsigned')}</Text>;
  return (
    <Stack gap={2} align="flex-start">
      {checks.map((check, index) => {
        const { color, Icon } = LOOKS[check.result];
        return (
          <Group key={index} gap={4} wrap="wrap">
            <Badge size="sm" variant="light" color={color} c="dark.7" tt="none" leftSection={<Icon size={12} aria-hidden />}>
              {t('mailbox.ownDkim.check', { domain: check.domain, selector: check.selector, result: t(`mailbox.verification.results.${check.result}`) })}
            </Badge>
            {check.detail && (
              <Text size="xs" c="dimmed" dir="auto">
                {check.detail}
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

/** Marketing e-mail or other, why it was taken for what it is, and for a delivery report the recipients it marked bounced. */
export function ClassificationText({ classification, bouncedRecipients }: { classification: Classification; bouncedRecipients: number | null }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { kind, reason, service } = classification;
  const why =
    reason === null
      ? null
      : reason === 'sendingService'
        ? service
          ? t('mailbox.classification.reasons.sendingService', { service })
          : t('mailbox.classification.reasons.unnamedService')
        : t(`mailbox.classification.reasons.${reason}`);
  return (
    <Stack gap={2} align="flex-start">
      <Badge size="sm" variant="light" color={kind === 'marketing' ? 'grape' : 'gray'} c="dark.7" tt="none">
        {t(`mailbox.classification.kinds.${kind}`)}
      </Badge>
      {why && (
        <Text size="xs" c="dimmed">
          {why}
        </Text>
      )}
      {bouncedRecipients !== null && (
        <Text size="xs" fw={500}>
          {t('mailbox.classification.bounced', { count: bouncedRecipients })}
        </Text>
      )}
    </Stack>
  );
}
