import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { downloadFile } from '../../../api/download';
import { useAdminText } from '../adminTexts';
import { notifyError, notifySuccess } from '../components/notify';
import { ADMIN_NAMESPACE } from '../i18n';
import { reportQuery, type Selection } from './api';

/** The exports of spec §9 (the server writes them, in the admin's language). */
export const EXPORTS = ['summary', 'pages', 'recent', 'all', 'pdf'] as const;
export type ExportPart = (typeof EXPORTS)[number];

const EXTENSIONS: Record<ExportPart, string> = { summary: 'csv', pages: 'csv', recent: 'csv', all: 'zip', pdf: 'pdf' };

/**
 * Downloads the range's figures as CSV (or all of them zipped) or the full report as a PDF; the button
 * says so while the server makes the file.
 */
export function ExportMenu({ selection }: { selection: Selection }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const [busy, setBusy] = useState(false);
  const download = async (part: ExportPart) => {
    setBusy(true);
    try {
      const path = `/admin/analytics/export?part=${part}&lang=${i18n.language}&${reportQuery(selection)}`;
      await downloadFile(path, `analytics-${part}.${EXTENSIONS[part]}`);
      notifySuccess(t('analytics.export.done'));
    } catch (failure) {
      notifyError(`${t('analytics.export.failed')}: ${errorText(failure)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" loading={busy} leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
          {busy ? t('analytics.export.preparing') : t('analytics.export.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXPORTS.map((part) => (
          <Menu.Item key={part} onClick={() => void download(part)}>
            {t(`analytics.export.${part}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
