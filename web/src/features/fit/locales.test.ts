import { checkNamespace } from '../../test/localeChecks';
import { fitResources } from './i18n';

checkNamespace('fit', fitResources);
