import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useSiteIdentity } from '../lib/siteConfig';

export type PageKey =
  | 'home'
  | 'products'
  | 'brand'
  | 'finder'
  | 'finderCompare'
  | 'finderQuestionnaire'
  | 'shoe'
  | 'fit'
  | 'blog'
  | 'blogPost'
  | 'login'
  | 'signup'
  | 'tips'
  | 'account'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'terms'
  | 'privacy'
  | 'unsubscribe'
  | 'admin'
  | 'notFound';

/**
 * Keeps `document.title` on the page's title in the current language, ending with the site's name as the
 * admin set it (the server sends the same one).
 */
export function usePageTitle(page: PageKey, name = '') {
  const { t, i18n } = useTranslation();
  // The header fetches the identity; a page alone (as in tests) keeps the built-in name.
  const siteName = useSiteIdentity(false).name;
  const builtIn = t('site.name');
  const localeTitle = t(`meta.${page}.title`, { name });
  const title = localeTitle.endsWith(builtIn)
    ? localeTitle.slice(0, localeTitle.length - builtIn.length) + siteName
    : localeTitle.startsWith(builtIn)
      ? siteName + localeTitle.slice(builtIn.length)
      : localeTitle;
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}
