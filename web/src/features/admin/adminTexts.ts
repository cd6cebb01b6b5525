import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../api/errors';
import { useMessageText } from '../../i18n/useMessageText';
import { ADMIN_NAMESPACE } from './i18n';

/**
 * The admin's English texts (the server's field and error messages, and the same texts from the
 * client-side checks) and their keys under `messages` in the admin locale files. Texts with numbers
 * are patterns; their numbers become the key's values.
 */
const EXACT: Record<string, string> = {
  'This field is required': 'required',
  'Use lowercase letters, digits and hyphens only': 'slug',
  'Enter a web address starting with https:// or /': 'webAddress',
  'Must be a web address starting with http:// or https://': 'httpAddress',
  'Must start with G- followed by letters and digits': 'measurementId',
  'Must be the 32-character token from Cloudflare': 'cloudflareToken',
  'Enter an address, or a name and <address>': 'fromAddress',
  'Enter a region such as eu-west-1': 'sesRegion',
  'Enter an address starting with http:// or https://': 'endpointAddress',
  'Addresses on this machine or a private network are not allowed': 'privateAddress',
  'This provider is not configured': 'providerNotConfigured',
  'This id is already in use': 'idTaken',
  'The id cannot be changed': 'idFixed',
  'This slug is already in use': 'slugTaken',
  'Brand not found': 'brandNotFound',
  'Product not found': 'productNotFound',
  'Post not found': 'postNotFound',
  'Category not found': 'categoryNotFound',
  'Session not found': 'sessionNotFound',
  'Cache not found': 'cacheNotFound',
  'This brand still has products: delete them with it or move them to another brand': 'brandHasProducts',
  'The image must be 5 MB or smaller': 'imageTooLarge',
  'Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded': 'imageType',
  'Choose an image to upload': 'imageMissing',
  'You do not have permission to do this': 'forbidden',
  'Username already exists': 'usernameTaken',
  'Email already exists': 'emailTaken',
  'User not found': 'userNotFound',
  'You cannot remove your own admin access': 'ownAdmin',
  'You cannot disable your own account': 'ownDisable',
  'You cannot delete your own account': 'ownDelete',
  'The last admin cannot be demoted': 'lastAdminDemote',
  'The last admin cannot be deleted': 'lastAdminDelete',
  'The last admin cannot be disabled': 'lastAdminDisable',
  'This group cannot be changed by hand': 'groupNotByHand',
  'Unknown role': 'unknownRole',
  'The role and the admin state disagree': 'roleConflict',
  'Select at most 1000 users': 'tooManyUsers',
  'Unknown group': 'unknownGroup',
  'Page size must be 10, 25, 50 or 100': 'badPageSize',
  'Write the template in at least one language': 'noLanguage',
  'Another template has this name': 'templateNameTaken',
  'Only a welcome template can be sent to new members': 'welcomeOnly',
  'Template not found': 'templateNotFound',
  'A scheduled, sending or paused campaign uses this template: it cannot be deleted': 'templateInUse',
  'Campaign not found': 'campaignNotFound',
  'Only a draft can be edited: unschedule the campaign first': 'campaignNotDraft',
  'A scheduled, sending or paused campaign cannot be deleted: cancel it first': 'campaignUnderWay',
  'No member matches the chosen groups and languages': 'campaignAudienceEmpty',
  'The campaign changed meanwhile: reload it and try again': 'campaignMoved',
  'Only a draft or scheduled campaign can be scheduled': 'campaignCannotSchedule',
  'The campaign is not scheduled': 'campaignNotScheduled',
  'Only a draft or scheduled campaign can be sent': 'campaignCannotStart',
  'The campaign is not sending': 'campaignNotSending',
  'The campaign is not paused': 'campaignNotPaused',
  'Only a scheduled, sending or paused campaign can be cancelled': 'campaignCannotCancel',
  'Choose a template': 'templateMissing',
  'The template is not written in every chosen language': 'templateLanguages',
  'Choose at least one group': 'noGroup',
  'Choose at least one language': 'noTargetLanguage',
  'The campaign is not sent in this language': 'languageNotTargeted',
  'Enter a date as YYYY-MM-DD': 'badDate',
  'Enter a time as HH:MM': 'badTime',
  'Unknown timezone': 'unknownTimezone',
  'This time does not exist in the chosen timezone: the clocks go forward then': 'skippedTime',
  'This time happens twice in the chosen timezone: the clocks go back then; choose another': 'repeatedTime',
  'The scheduled time has passed': 'pastTime',
  'Between 1 and 1000 messages a second': 'rateRange',
  'Between 1 and 50 connections': 'concurrencyRange',
  'Enter a server name such as mail.example.org': 'serverName',
  'Enter the password again: the stored one is kept only for the same server and user name': 'passwordAgain',
  'No POP3 mailbox is configured': 'mailboxNotConfigured',
  'This message is no longer in the mailbox': 'mailboxMessageGone',
  'Paste an RSA private key in PEM form (BEGIN RSA PRIVATE KEY or BEGIN PRIVATE KEY)': 'dkimKey',
  'Use letters, digits, dots and hyphens only': 'dnsName',
  'Paste the key again: the stored one is kept only for the same domain and selector': 'dkimKeyAgain',
  'Choose each value from the list once': 'notInVocabulary',
  'The highest price is below the lowest': 'pricesReversed',
};

/** The server's error codes in the admin's calls and their keys under `messages` in the admin locales. */
const CODES: Record<string, string> = {
  id_taken: 'idTaken',
  slug_taken: 'slugTaken',
  brand_not_found: 'brandNotFound',
  product_not_found: 'productNotFound',
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
  too_many_ids: 'tooManyUsers',
  unknown_group: 'unknownGroup',
  bad_page_size: 'badPageSize',
  template_name_taken: 'templateNameTaken',
  template_not_found: 'templateNotFound',
  template_in_use: 'templateInUse',
  campaign_not_found: 'campaignNotFound',
  campaign_not_draft: 'campaignNotDraft',
  campaign_under_way: 'campaignUnderWay',
  campaign_audience_empty: 'campaignAudienceEmpty',
  campaign_moved: 'campaignMoved',
  campaign_cannot_schedule: 'campaignCannotSchedule',
  campaign_not_scheduled: 'campaignNotScheduled',
  campaign_cannot_start: 'campaignCannotStart',
  campaign_not_sending: 'campaignNotSending',
  campaign_not_paused: 'campaignNotPaused',
  campaign_cannot_cancel: 'campaignCannotCancel',
  mailbox_not_configured: 'mailboxNotConfigured',
  mailbox_message_not_found: 'mailboxMessageGone',
  crash_not_found: 'crashNotFound',
  image_not_found: 'imageNotFound',
  orphans_rule: 'orphansRule',
};

/** The key under `messages` in the admin locales of an error code of the admin's calls. */
export function adminCodeKey(code: string | undefined): string | undefined {
  return code !== undefined && Object.hasOwn(CODES, code) ? CODES[code] : undefined;
}

const PATTERNS: [RegExp, string, string[]][] = [
  [/^Must be at most (\d+) characters$/, 'maxLength', ['max']],
  [/^Must be at least (\d+) characters$/, 'minLength', ['min']],
  [/^Must be between (\d+) and (\d+)$/, 'between', ['min', 'max']],
  // The reason is the mail server's own words, shown as they are.
  [/^The test e-mail could not be sent: (.+)$/s, 'testEmailFailed', ['reason']],
  // The mailbox's trouble in its POP3 server's or the system's words, shown as they are.
  [/^The e-mails could not be fetched: (.+)$/s, 'mailboxFetchFailed', ['reason']],
  [/^At most (\d+) items$/, 'maxItems', ['max']],
  // A template's variables: the name as written, braces and all.
  [/^Unknown variable: ({{.*}})$/s, 'unknownVariable', ['name']],
  [/^A variable is not closed: write ({{name}})$/, 'variableUnclosed', ['example']],
];

/** The key and values of an admin text, or undefined for a text the admin does not know. */
export function adminTextKey(message: string): { key: string; values: Record<string, string> } | undefined {
  const exact = EXACT[message];
  if (exact !== undefined && Object.hasOwn(EXACT, message)) return { key: exact, values: {} };
  for (const [pattern, key, names] of PATTERNS) {
    const found = pattern.exec(message);
    if (found) return { key, values: Object.fromEntries(names.map((name, index) => [name, found[index + 1] ?? ''])) };
  }
  return undefined;
}

/** Like `useMessageText`, knowing the admin's texts first. */
export function useAdminText() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const common = useMessageText();
  const text = useCallback(
    (message: string) => {
      const known = adminTextKey(message);
      return known ? t(`messages.${known.key}` as never, known.values) : common.text(message);
    },
    [t, common],
  );
  const errorText = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status === 429) return common.errorText(error);
      const byCode = adminCodeKey(error.code);
      if (byCode) return t(`messages.${byCode}` as never);
      return adminTextKey(error.message) ? text(error.message) : common.errorText(error);
    },
    [t, text, common],
  );
  return { text, errorText };
}
