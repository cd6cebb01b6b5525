import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useSiteIdentity } from '../lib/siteConfig';
import classes from './Layout.module.css';

const DATA_LICENCE = 'https://creativecommons.org/licenses/by/4.0/';

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
        {site.dataCredit && (
          // The shoe models' data set asks every page that shows it for this credit, in its own (English) words.
          <Text size="xs" data-testid="data-credit">
            {t('footer.dataCredit')}{' '}
            <span lang="en" dir="ltr">
              {site.dataCredit}
            </span>{' '}
            <Anchor href={DATA_LICENCE} target="_blank" rel="noopener noreferrer license" underline="always" className={classes.footerLink}>
              {t('footer.dataLicence')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </footer>
  );
}
