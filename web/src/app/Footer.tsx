import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useSiteConfig } from './siteConfig';
import classes from './Layout.module.css';

export function Footer() {
  const { t } = useTranslation();
  const config = useSiteConfig().data;
  return (
    <footer className={classes.footer}>
      <Stack gap={4} align="center" ta="center" className={classes.inner}>
        <Text fw={700}>{t('site.name')}</Text>
        <Text size="sm">{t('footer.developer')}</Text>
        <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
        <Text size="sm">{t('footer.location')}</Text>
        <Text size="sm">{t('footer.nonCommercial')}</Text>
        {config && (
          <Text size="sm">
            {t('footer.contact')}:{' '}
            <Anchor href={`mailto:${config.contactEmail}`} className={classes.footerLink}>
              {config.contactEmail}
            </Anchor>
            {' · '}
            <Anchor href={config.websiteUrl} className={classes.footerLink}>
              {t('footer.website')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </footer>
  );
}
