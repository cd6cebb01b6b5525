import { Anchor, Button, Text } from '@mantine/core';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { AuthCard, FormAlert } from '../../components/AuthCard';
import { LoadFailed } from '../../components/LoadFailed';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { useMessageText } from '../../i18n/useMessageText';
import { ApiError } from '../../api/errors';
import { track } from '../analytics';
import { fetchSubscription, unsubscribe } from './api';

/** Whom an e-mail's unsubscribe link names; a bad link is not asked again. */
const subscriptionQuery = (token: string) =>
  queryOptions({ queryKey: ['subscription', token], queryFn: ({ signal }) => fetchSubscription(token, signal), retry: false });

/**
 * Where an e-mail's unsubscribe link leads (the server sends the member here in their language): one
 * click leaves the list. Mail clients skip this page with the one-click POST of RFC 8058.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  usePageTitle('unsubscribe');
  const token = useSearchParams()[0].get('token') ?? '';
  const { errorText } = useMessageText();
  const subscription = useQuery({ ...subscriptionQuery(token), enabled: token !== '' });
  const leave = useMutation({ mutationFn: () => unsubscribe(token), onSuccess: () => track('unsubscribed') });

  const invalid = token === '' || (subscription.error instanceof ApiError && subscription.error.status === 404);
  return (
    <AuthCard title={t('pages.unsubscribe')}>
      {invalid ? (
        <FormAlert kind="error">{t('messages.unsubscribeLinkInvalid')}</FormAlert>
      ) : subscription.isError ? (
        <LoadFailed error={subscription.error} onRetry={() => void subscription.refetch()} />
      ) : subscription.isPending ? (
        <PageLoader />
      ) : subscription.data.unsubscribed || leave.isSuccess ? (
        <>
          <FormAlert kind="success">{t('unsubscribe.done', { email: subscription.data.email })}</FormAlert>
          <ChangedYourMind />
        </>
      ) : (
        <>
          <Text>{t('unsubscribe.question', { email: subscription.data.email })}</Text>
          <Text size="sm" c="dimmed">
            {t('unsubscribe.accountMail')}
          </Text>
          {leave.isError && <FormAlert kind="error">{errorText(leave.error)}</FormAlert>}
          <Button onClick={() => leave.mutate()} loading={leave.isPending}>
            {t('unsubscribe.confirm')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}

function ChangedYourMind() {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t('unsubscribe.changedMind')}{' '}
      <Anchor component={Link} to="/account" underline="always">
        {t('unsubscribe.accountLink')}
      </Anchor>
    </Text>
  );
}
