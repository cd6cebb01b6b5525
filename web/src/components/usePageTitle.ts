import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export type PageKey =
  | 'home'
  | 'products'
  | 'brand'
  | 'blog'
  | 'blogPost'
  | 'login'
  | 'signup'
  | 'tips'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'terms'
  | 'privacy'
  | 'admin'
  | 'notFound';

/** Keeps `document.title` on the page's title in the current language (the server sends the same one). */
export function usePageTitle(page: PageKey, name = '') {
  const { t, i18n } = useTranslation();
  const title = t(`meta.${page}.title`, { name });
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}
