import i18n from 'i18next';

import { ADMIN_NAMESPACE, adminResources } from '../../i18n/adminResources';

export { ADMIN_NAMESPACE };

// Registered when the admin chunk loads: every admin module takes ADMIN_NAMESPACE from here.
for (const [language, texts] of Object.entries(adminResources)) {
  i18n.addResourceBundle(language, ADMIN_NAMESPACE, texts);
}
