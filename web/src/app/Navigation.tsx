import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

import { useBrands } from '../features/catalogue/queries';
import classes from './Layout.module.css';

/** The brands the navigation always links to (spec §2: three fixed brand links). */
export const NAV_BRANDS = ['bloch', 'nikolay', 'capezio'] as const;

/** The navigation links; the same list shows in the bar and in the mobile menu. */
export function NavigationLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const brands = useBrands().data;
  const brandName = (id: string) => brands?.find((brand) => brand.id === id)?.name ?? id;
  const link = (to: string, label: string) => (
    <NavLink key={to} to={to} end className={classes.link} onClick={onNavigate}>
      {label}
    </NavLink>
  );
  return (
    <>
      {link('/', t('nav.home'))}
      {NAV_BRANDS.map((id) => link(`/brand/${id}`, brandName(id)))}
      {link('/products', t('nav.products'))}
      {link('/blog', t('nav.blog'))}
      {link('/signup', t('nav.signup'))}
      {link('/login', t('nav.login'))}
    </>
  );
}
