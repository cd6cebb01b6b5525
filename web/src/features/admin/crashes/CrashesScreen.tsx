import { Route, Routes } from 'react-router';

import { NotFoundPage } from '../../../components/NotFoundPage';
import { usePageTitle } from '../../../components/usePageTitle';
import { CrashList } from './CrashList';
import { CrashPage } from './CrashPage';

/** Crash reports (/admin/crashes): the groups, and each group's page. */
export function CrashesScreen() {
  usePageTitle('admin');
  return (
    <Routes>
      <Route index element={<CrashList />} />
      <Route path=":id" element={<CrashPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
