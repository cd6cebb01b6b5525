import { ActionIcon, AppShell, Box, Button, Group, Image, NavLink as MantineNavLink, ScrollArea, Stack, Text, Title, useDirection } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconHome, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLayoutSidebarRightCollapse, IconLayoutSidebarRightExpand } from '@tabler/icons-react';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';

import { AccountStatus } from '../../components/AccountStatus';
import { MenuButton } from '../../components/MenuButton';
import { SkipLink } from '../../components/SkipLink';
import { useSiteIdentity } from '../../lib/siteConfig';
import { LanguageSwitcher } from '../language';
import { NetworkStatus } from '../network';
import type { AdminScreen } from './adminScreen';
import { ADMIN_NAMESPACE } from './i18n';
import classes from './AdminShell.module.css';

/** Whether the navigation is hidden on a wide screen: the admin's choice, kept for the next visit. */
export const NAVBAR_COLLAPSED_KEY = 'pointe-admin-navbar-collapsed';

/** The header's button that hides or shows the navigation on a wide screen; its icon points to the navigation's side. */
function CollapseButton({ collapsed, onClick, controls }: { collapsed: boolean; onClick: () => void; controls: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const rtl = useDirection().dir === 'rtl';
  const Icon = collapsed ? (rtl ? IconLayoutSidebarRightExpand : IconLayoutSidebarLeftExpand) : rtl ? IconLayoutSidebarRightCollapse : IconLayoutSidebarLeftCollapse;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      visibleFrom="md"
      onClick={onClick}
      aria-label={collapsed ? t('shell.showNavigation') : t('shell.hideNavigation')}
      aria-expanded={!collapsed}
      aria-controls={controls}
    >
      <Icon size={22} aria-hidden />
    </ActionIcon>
  );
}

/**
 * The admin's own frame (spec §2): a header with the site's name, the way back to the public site, the
 * language and the signed-in user; the navigation of the screens the user may open beside the screen, full
 * width. On a phone or tablet the navigation opens from the burger (and holds the language and the user);
 * on a wide screen it can be hidden to give the screen its width, and stays as the admin left it.
 */
export function AdminShell({ screens, children }: { screens: readonly AdminScreen[]; children: ReactNode }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const site = useSiteIdentity();
  const navbarId = useId();
  const burgerId = useId();
  const [mobileOpen, mobile] = useDisclosure(false);
  // Escape closes the phone's navigation from within it, back to the burger (as a menu closes); an
  // Escape a control inside took for itself (an open language menu) is left to it.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !mobileOpen || event.defaultPrevented) return;
    mobile.close();
    document.getElementById(burgerId)?.focus();
  };
  const [collapsed, setCollapsed] = useLocalStorage({ key: NAVBAR_COLLAPSED_KEY, defaultValue: false, getInitialValueInEffect: false });

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !mobileOpen, desktop: collapsed } }} padding={0}>
      <SkipLink />
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <MenuButton
              id={burgerId}
              opened={mobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="md"
              aria-label={mobileOpen ? tCommon('nav.closeMenu') : tCommon('nav.openMenu')}
              aria-expanded={mobileOpen}
              aria-controls={navbarId}
              onKeyDown={closeOnEscape}
            />
            <CollapseButton collapsed={collapsed} onClick={() => setCollapsed(!collapsed)} controls={navbarId} />
            <Image src="/images/logo.svg" alt="" w={32} h={32} visibleFrom="xs" />
            <Title order={2} className={classes.siteName}>
              {site.name}
            </Title>
            <Text size="sm" c="dimmed" visibleFrom="lg">
              {tCommon('nav.admin')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button component={Link} to="/" variant="light" leftSection={<IconHome size={18} aria-hidden />} className={classes.backToSite}>
              {t('shell.backToSite')}
            </Button>
            <Group gap="sm" wrap="nowrap" visibleFrom="md">
              <LanguageSwitcher />
              <AccountStatus />
            </Group>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id={navbarId} aria-label={t('navigation')} className={classes.navbar} mod={{ 'mobile-closed': !mobileOpen, 'desktop-collapsed': collapsed }} onKeyDown={closeOnEscape}>
        <AppShell.Section grow component={ScrollArea} p="xs">
          <Stack gap={2}>
            {screens.map((screen) => (
              <MantineNavLink
                key={screen.key}
                component={NavLink}
                to={`/admin/${screen.path}`}
                // The index and the campaigns are not current on their sub-screens (/admin/email/pop3).
                end={screen.path === '' || screen.path === 'email'}
                label={t(`screens.${screen.key}`)}
                leftSection={<screen.icon size={18} aria-hidden />}
                onClick={mobile.close}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section hiddenFrom="md" p="md" className={classes.navbarFooter}>
          <Stack gap="sm" align="flex-start">
            <LanguageSwitcher />
            <AccountStatus onNavigate={mobile.close} />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <NetworkStatus />
        <Box p={{ base: 'sm', sm: 'md', lg: 'xl' }}>{children}</Box>
      </AppShell.Main>
    </AppShell>
  );
}
