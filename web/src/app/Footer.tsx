import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useSiteIdentity } from '../lib/siteConfig';
import classes from './Layout.module.css';

export function Footer() {
  const { t } = useTranslation();
  const site = useSiteIdentity();
  return (
    <footer className={classes.footer}>
      <Stack gap={4} align="center" ta="center" className={classes.inner}>
        <Text fw={700}>{site.name}</Text>
        <Text size="sm">{t('footer.developer')}</Text>
        <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear(), name: site.name })}</Text>
        <Text size="sm">{site.location}</Text>
        <Text size="sm">{t('footer.nonCommercial')}</Text>
        {(site.contactEmail || site.websiteUrl) && (
          <Text size="sm">
            {site.contactEmail && (
              <>
                {t('footer.contact')}:{' '}
                <Anchor href={`mailto:${site.contactEmail}`} className={classes.footerLink}>
                  {site.contactEmail}
                </Anchor>
              </>
            )}
            {site.contactEmail && site.websiteUrl && ' · '}
            {site.websiteUrl && (
              <Anchor href={site.websiteUrl} className={classes.footerLink}>
                {t('footer.website')}
              </Anchor>
            )}
          </Text>
        )}
      </Stack>
    </footer>
  );
}
