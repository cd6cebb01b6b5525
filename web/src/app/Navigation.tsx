import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

import { useSession } from '../lib/session/session';
import { useBrands } from '../features/catalogue/queries';
import classes from './Layout.module.css';

/** The brands the navigation always links to (spec §2: three fixed brand links). */
export const NAV_BRANDS = ['bloch', 'nikolay', 'capezio'] as const;

/** The navigation links (spec §2); the same list shows in the bar and in the mobile menu. */
export function NavigationLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { state } = useSession();
  const brands = useBrands().data;
  const brandName = (id: string) => brands?.find((brand) => brand.id === id)?.name ?? id;
  const link = (to: string, label: string) => (
    <NavLink key={to} to={to} end={to === '/'} className={classes.link} onClick={onNavigate}>
      {label}
    </NavLink>
  );
  return (
    <>
      {link('/', t('nav.home'))}
      {state.status === 'signedOut' && [link('/signup', t('nav.signup')), link('/login', t('nav.login'))]}
      {NAV_BRANDS.map((id) => link(`/brand/${id}`, brandName(id)))}
      {link('/products', t('nav.products'))}
      {link('/finder', t('nav.finder'))}
      {link('/blog', t('nav.blog'))}
      {state.status === 'signedIn' && link('/tips', t('nav.tips'))}
      {state.status === 'signedIn' && link('/account', t('nav.account'))}
      {state.status === 'signedIn' && state.user.permissions.length > 0 && link('/admin', t('nav.admin'))}
    </>
  );
}
