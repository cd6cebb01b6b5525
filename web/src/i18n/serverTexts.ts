/**
 * The server's English texts (its `error`, `fields` and `message` values, spec §5 and §8) and the key of
 * each under `messages` in the locale files. Client-side checks return the same texts, so a message reads
 * the same whichever side found the problem. The English locale holds them verbatim (a test checks).
 * "Password is required" is the login form's own (the server answers a missing password as a wrong one).
 */
export const SERVER_TEXTS = {
  'Invalid username or password': 'invalidCredentials',
  'Invalid response': 'invalidResponse',
  'Error creating account. Please try again.': 'signupFailed',
  'Error during signup. Try again.': 'signupError',
  'Please check your email for verification code': 'checkEmail',
  'We sent a 6-digit code to your email': 'codeSent',
  'Please complete the security verification': 'botCheckRequired',
  'Security verification failed. Please try again.': 'botCheckFailed',
  'Please enter a valid 6-digit code': 'codeFormat',
  'Verification failed. Please try again.': 'codeFailed',
  'Failed to resend code': 'resendFailed',
  'Failed to send reset instructions. Please try again.': 'resetRequestFailed',
  "If an account exists with that email, we've sent password reset instructions.": 'resetRequested',
  'Invalid or expired reset link. Please request a new one.': 'invalidResetLink',
  'Your password has been changed. You can log in now.': 'passwordChanged',
  'Token verification failed': 'tokenVerifyFailed',
  'No token available': 'noToken',
  'Token refresh failed': 'refreshFailed',
  'Authentication required': 'authRequired',
  'Username or email already exists': 'accountExists',
  'Username is required': 'usernameRequired',
  'Password is required': 'passwordRequired',
  'Current password is incorrect': 'currentPasswordWrong',
  'Username must start with a letter': 'usernameLetter',
  'The site is briefly unavailable. Please try again in a moment.': 'unavailable',
  'The request took too long. Please try again.': 'timedOut',
  'The assistant is busy right now. Please try again in a few minutes.': 'assistantBusy',
  'Username must be 3 to 32 characters long': 'usernameLength',
  'Username may contain only letters, digits, dots, hyphens and underscores': 'usernameCharacters',
  'Invalid email address': 'invalidEmail',
  'Password must be at least 8 characters long': 'passwordShort',
  'Password must be at most 128 characters long': 'passwordLong',
  'Password must contain at least one special character (@!#$%^&*()-+)': 'passwordSpecial',
  'This password is too common. Please choose another one.': 'passwordCommon',
  'Passwords do not match': 'passwordsDiffer',
  'Invalid phone number format': 'invalidPhone',
  'Location must be under 100 characters': 'locationLong',
  'Invalid gender': 'invalidGender',
  'Unknown language': 'unknownLanguage',
  'This account has been disabled': 'accountDisabled',
  'Invalid birth date': 'invalidBirthDate',
  'You must agree to the terms of service and privacy policy': 'termsRequired',
  'Please enter a question': 'questionRequired',
  'Questions can be at most 500 characters': 'questionTooLong',
  'This unsubscribe link is not valid': 'unsubscribeLinkInvalid',
  'Request failed': 'requestFailed',
  'Internal server error': 'internalError',
  // The offline queue's (api/errors.ts): a write kept to be sent later, or not kept.
  'Saved on this device: it will be sent when the connection returns.': 'queuedOffline',
  'Too many changes are waiting to be sent: this one was not saved. Try again when the connection returns.': 'offlineQueueFull',
} as const;

/**
 * The server's error codes (`ErrorCode` in the API's document) and the key of each under `messages` (the
 * admin's are in adminTexts.ts); app/errorCodes.test.ts fails when a code of the document has neither.
 */
export const SERVER_CODES: Record<string, MessageKey> = {
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
  username_required: 'usernameRequired',
  invalid_email: 'invalidEmail',
  account_disabled: 'accountDisabled',
  internal_error: 'internalError',
  unsubscribe_link_invalid: 'unsubscribeLinkInvalid',
  queued_offline: 'queuedOffline',
  offline_queue_full: 'offlineQueueFull',
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

};

/**
 * Codes whose answer says more in its words than the code does (each field's rule, what could not be read, a
 * provider's own words): shown by those words when the interface knows them, by the code's text otherwise.
 */
const CODES_WITH_DETAIL: ReadonlySet<string> = new Set(['invalid_fields', 'invalid_body', 'invalid_query', 'provider_failed']);

export type ServerText = keyof typeof SERVER_TEXTS;
export type ServerTextKey = (typeof SERVER_TEXTS)[ServerText];
/** A key under `messages` in the interface's locales. */
export type MessageKey = keyof (typeof import('./locales/en.json'))['messages'];

/** The key of an error code the interface knows. */
export function serverCodeKey(code: string | undefined): MessageKey | undefined {
  return code !== undefined && Object.hasOwn(SERVER_CODES, code) ? SERVER_CODES[code] : undefined;
}

/**
 * The client's own texts with a number in them (spec §8), the key of each under `messages` and the names
 * of its placeholders in order: the English locale holds the text with `{{placeholders}}` (a test checks).
 */
export const SERVER_PATTERNS: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/^Request failed with status (\d+)$/, 'requestFailedStatus', ['status']],
];

/** The key of a server text the interface knows, with the values of its placeholders. */
export function serverTextKey(text: string): { key: string; values: Record<string, string> } | undefined {
  if (Object.hasOwn(SERVER_TEXTS, text)) return { key: SERVER_TEXTS[text as ServerText], values: {} };
  for (const [pattern, key, names] of SERVER_PATTERNS) {
    const found = pattern.exec(text);
    if (found) return { key, values: Object.fromEntries(names.map((name, index) => [name, found[index + 1] ?? ''])) };
  }
  // Another "Request failed…" of the client's.
  return text.startsWith('Request failed') ? { key: 'requestFailed', values: {} } : undefined;
}

/** What to show for a refusal: its code's text, or its words' where the code has detail and the interface knows them. */
export function refusalKey(code: string | undefined, message: string): { key: string; values: Record<string, string> } | undefined {
  const byMessage = serverTextKey(message);
  if (byMessage && code !== undefined && CODES_WITH_DETAIL.has(code)) return byMessage;
  const byCode = serverCodeKey(code);
  return byCode ? { key: byCode, values: {} } : byMessage;
}
