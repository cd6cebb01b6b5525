import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError, type Problem } from '../../api/errors';
import { keyOf } from '../../i18n/serverTexts';
import { useMessageText } from '../../i18n/useMessageText';
import { ADMIN_NAMESPACE } from './i18n';

/** A key under `messages` in the admin's locales. */
type AdminMessageKey = keyof (typeof import('./locales/en.json'))['messages'];

/**
 * The server's error codes in the admin's calls and their keys under `messages` in the admin locales (the
 * interface's, i18n/serverTexts.ts, come after them): a code's text with its values (`{{max}}`) named as
 * the server names them.
 */
const CODES = {
  required: 'required',
  too_long: 'maxLength',
  out_of_range: 'between',
  too_many_items: 'maxItems',
  not_a_slug: 'slug',
  id_fixed: 'idFixed',
  not_a_web_address: 'webAddress',
  not_an_http_address: 'httpAddress',
  not_a_measurement_id: 'measurementId',
  not_a_cloudflare_token: 'cloudflareToken',
  not_a_from_address: 'fromAddress',
  not_a_ses_region: 'sesRegion',
  private_address: 'privateAddress',
  test_email_failed: 'testEmailFailed',
  id_taken: 'idTaken',
  slug_taken: 'slugTaken',
  brand_not_found: 'brandNotFound',
  product_not_found: 'productNotFound',
  family_not_found: 'familyNotFound',
  family_of_one_maker: 'familyOfOneMaker',
  post_not_found: 'postNotFound',
  category_not_found: 'categoryNotFound',
  session_not_found: 'sessionNotFound',
  cache_not_found: 'cacheNotFound',
  brand_has_products: 'brandHasProducts',
  image_too_large: 'imageTooLarge',
  not_an_image: 'imageType',
  no_image: 'imageMissing',
  forbidden: 'forbidden',
  username_taken: 'usernameTaken',
  email_taken: 'emailTaken',
  user_not_found: 'userNotFound',
  own_admin: 'ownAdmin',
  own_account_disable: 'ownDisable',
  own_account_delete: 'ownDelete',
  last_admin_demote: 'lastAdminDemote',
  last_admin_delete: 'lastAdminDelete',
  last_admin_disable: 'lastAdminDisable',
  not_by_hand: 'groupNotByHand',
  unknown_role: 'unknownRole',
  role_conflict: 'roleConflict',
  too_many_ids: 'tooManyUsers',
  unknown_group: 'unknownGroup',
  bad_page_size: 'badPageSize',
  unknown_variable: 'unknownVariable',
  variable_unclosed: 'variableUnclosed',
  template_no_language: 'noLanguage',
  template_name_taken: 'templateNameTaken',
  template_not_found: 'templateNotFound',
  welcome_only: 'welcomeOnly',
  template_in_use: 'templateInUse',
  campaign_not_found: 'campaignNotFound',
  campaign_not_draft: 'campaignNotDraft',
  campaign_under_way: 'campaignUnderWay',
  campaign_audience_empty: 'campaignAudienceEmpty',
  campaign_moved: 'campaignMoved',
  campaign_cannot_schedule: 'campaignCannotSchedule',
  campaign_not_scheduled: 'campaignNotScheduled',
  campaign_not_started: 'campaignNotStarted',
  campaign_cannot_start: 'campaignCannotStart',
  campaign_not_sending: 'campaignNotSending',
  campaign_not_paused: 'campaignNotPaused',
  campaign_cannot_cancel: 'campaignCannotCancel',
  template_missing: 'templateMissing',
  template_languages: 'templateLanguages',
  no_group: 'noGroup',
  no_target_language: 'noTargetLanguage',
  language_not_targeted: 'languageNotTargeted',
  bad_date: 'badDate',
  bad_time: 'badTime',
  unknown_timezone: 'unknownTimezone',
  skipped_time: 'skippedTime',
  repeated_time: 'repeatedTime',
  past_time: 'pastTime',
  rate_out_of_range: 'rateRange',
  concurrency_out_of_range: 'concurrencyRange',
  not_a_server_name: 'serverName',
  mailbox_not_configured: 'mailboxNotConfigured',
  mailbox_message_not_found: 'mailboxMessageGone',
  mailbox_fetch_failed: 'mailboxFetchFailed',
  not_a_private_key: 'dkimKey',
  not_a_dns_name: 'dnsName',
  not_in_vocabulary: 'notInVocabulary',
  prices_reversed: 'pricesReversed',
  negative: 'negative',
  range_needs_start: 'rangeNeedsStart',
  range_ends_before_start: 'rangeEndsBeforeStart',
  range_too_long: 'rangeTooLong',
  crash_not_found: 'crashNotFound',
  none_chosen: 'noCrashChosen',
  too_many_chosen: 'tooManyCrashes',
  image_not_found: 'imageNotFound',
  orphans_rule: 'orphansRule',
} as const satisfies Record<string, AdminMessageKey>;

/**
 * The admin forms' own codes, never the server's: a stored secret's mask left in a form whose server,
 * user, domain or selector changed, which the server would take as empty.
 */
export const ADMIN_CLIENT_CODES = {
  password_again: 'passwordAgain',
  dkim_key_again: 'dkimKeyAgain',
} as const satisfies Record<string, AdminMessageKey>;

/** A code the admin has a text for (its own; the interface's are `MessageCode`). */
export type AdminCode = keyof typeof CODES | keyof typeof ADMIN_CLIENT_CODES;

/** The key under `messages` in the admin locales of a code the admin knows, the server's or its own. */
export function adminCodeKey(code: string | undefined): AdminMessageKey | undefined {
  return keyOf<AdminMessageKey>(code, CODES, ADMIN_CLIENT_CODES);
}

/** Like `useMessageText`, knowing the admin's codes first. */
export function useAdminText() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { problemText: commonProblemText, errorText: commonErrorText } = useMessageText();
  const problemText = useCallback(
    (problem: Problem) => {
      const key = adminCodeKey(problem.code);
      return key ? t(`messages.${key}` as never, problem.values ?? {}) : commonProblemText(problem);
    },
    [t, commonProblemText],
  );
  const errorText = useCallback(
    (error: unknown) => (error instanceof ApiError ? problemText(error.problem) : commonErrorText(error)),
    [problemText, commonErrorText],
  );
  return { problemText, errorText };
}
