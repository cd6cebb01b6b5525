import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LoadFailed } from '../../components/LoadFailed';
import { PageLoader } from '../../components/PageLoader';
import { SignInRequired } from '../../components/SignInRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useSession } from '../../lib/session/session';
import { AccountSection } from './AccountSection';
import { useAccount } from './api';
import { NewsletterSection } from './NewsletterSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';

/** The member's own account: profile, newsletter, password and sessions. Visitors are asked to log in. */
export function AccountPage() {
  const { t } = useTranslation();
  usePageTitle('account');
  const { state } = useSession();

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'signedOut') return <SignInRequired title={t('account.title')} text={t('account.loginToSee')} from="/account" />;
  return <SignedInAccount />;
}

function SignedInAccount() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  if (account.isPending) return <PageLoader />;
  if (account.isError) return <LoadFailed error={account.error} onRetry={() => void account.refetch()} />;
  const { data } = account;
  return (
    <Stack gap="lg" maw={820} mx="auto">
      <div>
        <Title order={1}>{t('account.title')}</Title>
        <Text c="dimmed">
          {data.username} · <span dir="ltr">{data.email}</span> · {t('account.memberSince', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(data.createdAt) })}
        </Text>
      </div>
      <ProfileSection account={data} />
      <AccountSection title={t('account.fitProfile.title')} intro={t('account.fitProfile.text')}>
        <Group>
          <Button component={Link} to="/fit" variant="light">
            {t('account.fitProfile.open')}
          </Button>
        </Group>
      </AccountSection>
      <NewsletterSection account={data} />
      <PasswordSection />
      <SessionsSection />
    </Stack>
  );
}
