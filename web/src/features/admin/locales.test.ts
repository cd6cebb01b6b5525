import { checkNamespace } from '../../test/localeChecks';
import { adminResources } from './i18n';

checkNamespace('admin', adminResources);
