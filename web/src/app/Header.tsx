import { Group, Image, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { SearchBox } from '../features/search/SearchBox';
import { LanguageSwitcher } from '../features/language';
import { AccountStatus } from '../components/AccountStatus';
import { MenuButton } from '../components/MenuButton';
import { NavigationLinks } from './Navigation';
import { useSiteIdentity } from '../lib/siteConfig';
import classes from './Layout.module.css';

const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

export function Header() {
  const { t } = useTranslation();
  const [menuOpen, menu] = useDisclosure(false);
  // The menu's code arrives when it is first wanted (a touch on the button fetches it while the finger is down).
  const [menuWanted, setMenuWanted] = useState(false);
  const site = useSiteIdentity();

  return (
    <header className={classes.header}>
      <Group justify="space-between" wrap="nowrap" className={classes.inner}>
        <Link to="/" className={classes.brand}>
          <Image src="/images/logo.svg" alt={t('site.logoAlt')} w={44} h={44} />
          <div>
            <Title order={2} className={classes.siteName}>
              {site.name}
            </Title>
            <Text size="sm" c="dimmed" visibleFrom="xs">
              {site.slogan}
            </Text>
          </div>
        </Link>
        <Group visibleFrom="md">
          <AccountStatus />
        </Group>
        <MenuButton
          opened={menuOpen}
          onPointerDown={() => void loadMobileMenu()}
          onClick={() => {
            setMenuWanted(true);
            menu.toggle();
          }}
          hiddenFrom="md"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
        />
      </Group>
      <nav aria-label={t('nav.label')} className={classes.bar}>
        <Group justify="space-between" wrap="nowrap" className={classes.inner}>
          <Group gap={4} visibleFrom="md" wrap="nowrap">
            <NavigationLinks />
          </Group>
          <Group gap="sm" wrap="nowrap" className={classes.tools}>
            <SearchBox />
            <LanguageSwitcher />
          </Group>
        </Group>
      </nav>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpen} onClose={menu.close} title={site.name} />
        </Suspense>
      )}
    </header>
  );
}
