/** A key under `messages` in the interface's locales. */
export type MessageKey = keyof (typeof import('./locales/en.json'))['messages'];

/**
 * The server's error codes (`ErrorCode` in the API's document, each answer's `code` and each invalid field's)
 * and the key of each under `messages` (the admin's are in features/admin/adminTexts.ts): a code's text
 * with its values (`{{max}}`) named as the server names them. app/errorCodes.test.ts fails when a code of
 * the document has no text.
 */
export const SERVER_CODES = {
  invalid_credentials: 'invalidCredentials',
  unavailable: 'unavailable',
  timed_out: 'timedOut',
  assistant_busy: 'assistantBusy',
  bot_check_missing: 'botCheckRequired',
  bot_check_failed: 'botCheckFailed',
  invalid_code_format: 'codeFormat',
  verification_failed: 'codeFailed',
  resend_failed: 'resendFailed',
  invalid_link: 'invalidResetLink',
  verify_failed: 'tokenVerifyFailed',
  no_token: 'noToken',
  refresh_failed: 'refreshFailed',
  authentication_required: 'authRequired',
  account_exists: 'accountExists',
  account_disabled: 'accountDisabled',
  username_required: 'usernameRequired',
  username_letter: 'usernameLetter',
  username_length: 'usernameLength',
  username_characters: 'usernameCharacters',
  invalid_email: 'invalidEmail',
  password_short: 'passwordShort',
  password_long: 'passwordLong',
  password_special: 'passwordSpecial',
  password_common: 'passwordCommon',
  passwords_differ: 'passwordsDiffer',
  current_password_wrong: 'currentPasswordWrong',
  invalid_phone: 'invalidPhone',
  location_too_long: 'locationLong',
  invalid_gender: 'invalidGender',
  invalid_birth_date: 'invalidBirthDate',
  terms_required: 'termsRequired',
  unknown_language: 'unknownLanguage',
  question_required: 'questionRequired',
  question_too_long: 'questionTooLong',
  bad_rating: 'badRating',
  internal_error: 'internalError',
  unsubscribe_link_invalid: 'unsubscribeLinkInvalid',
  rate_limited: 'rateLimited',
  not_found: 'notFound',
  method_not_allowed: 'methodNotAllowed',
  invalid_body: 'unreadableRequest',
  invalid_query: 'unreadableRequest',
  bad_page: 'unreadableRequest',
  invalid_page: 'unreadableRequest',
  analytics_not_ours: 'unreadableRequest',
  invalid_fields: 'invalidFields',
  body_too_large: 'bodyTooLarge',
  query_too_long: 'queryTooLong',
  answer_not_found: 'answerNotFound',
  model_not_found: 'modelNotFound',
  email_link_invalid: 'emailLinkInvalid',
  provider_failed: 'providerFailed',
  analytics_off: 'analyticsOff',
} as const satisfies Record<string, MessageKey>;

/**
 * The client's own codes, never the server's: its failures that have no server code (api/errors.ts, the
 * offline queue, an answer it cannot read) and the rules only its forms check. `rate_limited`'s `seconds`
 * is the client's too, from the answer's `retryAfter`.
 */
export const CLIENT_CODES = {
  /** No answer came (offline, unreachable server, timeout). */
  no_answer: 'requestFailed',
  /** An answer without an error text (a proxy's 502): `status`. */
  request_failed: 'requestFailedStatus',
  /** An answer of a shape the sign-in does not know. */
  invalid_response: 'invalidResponse',
  queued_offline: 'queuedOffline',
  offline_queue_full: 'offlineQueueFull',
  /** The login form's (the server answers a missing password as a wrong one). */
  password_required: 'passwordRequired',
} as const satisfies Record<string, MessageKey>;

/** A code the interface has a text for. */
export type MessageCode = keyof typeof SERVER_CODES | keyof typeof CLIENT_CODES;

/** The key a code has in the first of `tables` that lists it. */
export function keyOf<K>(code: string | undefined, ...tables: Readonly<Record<string, K>>[]): K | undefined {
  if (code === undefined) return undefined;
  return tables.find((table) => Object.hasOwn(table, code))?.[code];
}

/** The key of a code the interface knows, the server's or its own. */
export function messageKey(code: string | undefined): MessageKey | undefined {
  return keyOf<MessageKey>(code, SERVER_CODES, CLIENT_CODES);
}
