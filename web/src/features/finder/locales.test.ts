import { checkNamespace } from '../../test/localeChecks';
import { finderResources } from './i18n';

checkNamespace('finder', finderResources);
