import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';

/** Actions and resource types in words; a value the texts do not know yet shows as the server wrote it. */
export function useAuditLabels() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const label = (group: 'actions' | 'resourceTypes', value: string): string =>
    // Dots would read as nested keys; no value has any, but one must not look up the wrong text.
    value.includes('.') ? value : t(`auditLogs.${group}.${value}` as never, { defaultValue: value });
  return { actionLabel: (action: string) => label('actions', action), resourceTypeLabel: (type: string) => label('resourceTypes', type) };
}
