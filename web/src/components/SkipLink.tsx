import { useTranslation } from 'react-i18next';

import classes from './SkipLink.module.css';

/** The keyboard's first stop on every page: past the header to the page's `main`, which has the id "main". */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={classes.skip}>
      {t('site.skipToContent')}
    </a>
  );
}
