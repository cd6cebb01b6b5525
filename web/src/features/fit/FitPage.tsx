import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { saveBlob } from '../../api/download';
import { ApiError, isQueuedWrite } from '../../api/errors';
import { FormAlert } from '../../components/AuthCard';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../components/usePageTitle';
import { useMessageText } from '../../i18n/useMessageText';
import { useSession } from '../../lib/session/session';
import { useDeleteProfile, useSaveProfile, useStoredProfile } from './api';
import { DancingFields, StrengthFields } from './DancingFields';
import { FootFields } from './FootFields';
import { FIT_NAMESPACE } from './i18n';
import { feetDiffer, isEmpty, keepOnDevice, problemsOf, profileFile, readDeviceProfile, type FieldProblem, type FitProfile } from './profile';
import { Recommendations } from './Recommendations';
import { ShoeList } from './ShoeList';

/** Where a profile is kept and how: on this device for a visitor, on her account for a member. */
interface Keeper {
  where: 'device' | 'account';
  save: (profile: FitProfile) => Promise<void>;
  remove: () => Promise<void>;
}

/** "My fit profile" (`/fit`): each foot, her dancing, her strength and her shoes, kept where she is. */
export function FitPage() {
  const { t } = useTranslation(FIT_NAMESPACE);
  usePageTitle('fit');
  const { state } = useSession();
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text maw={760}>{t('intro')}</Text>
      </div>
      {state.status === 'loading' ? <PageLoader /> : state.status === 'signedIn' ? <MemberProfile /> : <DeviceProfile />}
    </Stack>
  );
}

function DeviceProfile() {
  const [initial] = useState(() => readDeviceProfile() ?? {});
  const keeper: Keeper = {
    where: 'device',
    save: (profile) => (keepOnDevice(profile) ? Promise.resolve() : Promise.reject(new Error('storageRefused'))),
    remove: () => {
      keepOnDevice(undefined);
      return Promise.resolve();
    },
  };
  return <ProfileEditor initial={initial} keeper={keeper} />;
}

function MemberProfile() {
  const stored = useStoredProfile(true);
  const save = useSaveProfile();
  const remove = useDeleteProfile();
  const keeper: Keeper = { where: 'account', save: async (profile) => void (await save(profile)), remove };
  return (
    <QueryState query={stored}>
      {(data) => <ProfileEditor initial={data.profile ?? {}} keeper={keeper} deviceProfile={data.profile === null ? readDeviceProfile() : undefined} />}
    </QueryState>
  );
}

type Outcome = 'saved' | 'queued' | 'deleted' | 'invalid' | { failed: string };

function ProfileEditor({ initial, keeper, deviceProfile }: { initial: FitProfile; keeper: Keeper; deviceProfile?: FitProfile }) {
  const { t } = useTranslation(FIT_NAMESPACE);
  const { problemText, errorText } = useMessageText();
  const [profile, setProfile] = useState<FitProfile>(initial);
  /** The profile as last kept: what the recommendations are for. */
  const [kept, setKept] = useState<FitProfile | undefined>(isEmpty(initial) ? undefined : initial);
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [offer, setOffer] = useState(deviceProfile && !isEmpty(deviceProfile) ? deviceProfile : undefined);

  const errorOf = (path: string) => {
    const problem = problems[path];
    if (!problem) return undefined;
    const own = { out_of_range: 'problems.outOfRange', too_long: 'problems.tooLong', not_a_slug: 'problems.notAModel', too_many_items: 'problems.tooMany' }[problem.code];
    return own ? t(own as never, problem.values ?? {}) : problemText(problem);
  };

  const keep = async (next: FitProfile) => {
    const found = problemsOf(next);
    setProblems(found);
    if (Object.keys(found).length > 0) return setOutcome('invalid');
    setBusy(true);
    try {
      await keeper.save(next);
      setOutcome('saved');
      setKept(next);
    } catch (failure) {
      if (isQueuedWrite(failure)) {
        setOutcome('queued');
        setKept(next);
      }
      else if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
        setProblems(failure.fields);
        setOutcome('invalid');
      } else setOutcome({ failed: failure instanceof Error && failure.message === 'storageRefused' ? t('actions.storageRefused') : errorText(failure) });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void keep(profile);
  };
  const moveDeviceProfile = async () => {
    if (!offer) return;
    setProfile(offer);
    setOffer(undefined);
    await keep(offer);
    // Once on her account, the copy on this (perhaps shared) device goes.
    keepOnDevice(undefined);
  };
  const remove = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await keeper.remove();
      setProfile({});
      setKept(undefined);
      setProblems({});
      setOutcome('deleted');
    } catch (failure) {
      setOutcome({ failed: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };
  const outcomeAlert = () => {
    if (!outcome) return null;
    if (outcome === 'saved') return <FormAlert kind="success">{t(keeper.where === 'device' ? 'actions.savedDevice' : 'actions.savedAccount')}</FormAlert>;
    if (outcome === 'queued') return <FormAlert kind="info">{t('actions.queued')}</FormAlert>;
    if (outcome === 'deleted') return <FormAlert kind="success">{t('actions.deleted')}</FormAlert>;
    if (outcome === 'invalid') return <FormAlert kind="error">{t('actions.invalid')}</FormAlert>;
    return <FormAlert kind="error">{outcome.failed}</FormAlert>;
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        <FormAlert kind="info">
          {t(keeper.where === 'device' ? 'where.device' : 'where.account')}{' '}
          {keeper.where === 'device' && (
            <Anchor component={Link} to="/login" state={{ from: '/fit' }}>
              {t('where.logIn')}
            </Anchor>
          )}
        </FormAlert>
        {offer && (
          <FormAlert kind="info">
            <Group justify="space-between">
              <span>{t('where.deviceFound')}</span>
              <Button size="compact-sm" onClick={() => void moveDeviceProfile()} loading={busy}>
                {t('where.useDevice')}
              </Button>
            </Group>
          </FormAlert>
        )}
        <FootFields side="left" foot={profile.left ?? {}} onChange={(left) => setProfile({ ...profile, left })} errorOf={errorOf} />
        <FootFields side="right" foot={profile.right ?? {}} onChange={(right) => setProfile({ ...profile, right })} errorOf={errorOf} onCopyLeft={() => setProfile({ ...profile, right: { ...profile.left } })} />
        {feetDiffer(profile) && <FormAlert kind="info">{t('foot.differ')}</FormAlert>}
        <Divider />
        <DancingFields dancing={profile.dancing ?? {}} onChange={(dancing) => setProfile({ ...profile, dancing })} errorOf={errorOf} />
        <StrengthFields strength={profile.strength ?? {}} onChange={(strength) => setProfile({ ...profile, strength })} errorOf={errorOf} />
        <Divider />
        <ShoeList shoes={profile.shoes ?? []} onChange={(shoes) => setProfile({ ...profile, shoes })} errorOf={errorOf} />
        {outcomeAlert()}
        <Group justify="space-between" wrap="wrap">
          <Button type="submit" loading={busy}>
            {t('actions.save')}
          </Button>
          <Group>
            <Button variant="default" onClick={() => saveBlob('fit-profile.json', profileFile(profile))} disabled={isEmpty(profile)}>
              {t('actions.download')}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {t('actions.delete')}
            </Button>
          </Group>
        </Group>
        {confirming && (
          <FormAlert kind="warning">
            <Stack gap="xs">
              <span>{t('actions.confirmDelete')}</span>
              <Group>
                <Button color="red" size="compact-sm" onClick={() => void remove()}>
                  {t('actions.confirm')}
                </Button>
                <Button variant="default" size="compact-sm" onClick={() => setConfirming(false)}>
                  {t('actions.cancel')}
                </Button>
              </Group>
            </Stack>
          </FormAlert>
        )}
        {kept && !isEmpty(kept) && <Recommendations profile={kept} />}
      </Stack>
    </form>
  );
}
