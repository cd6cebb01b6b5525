import { IconTemplate } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { TemplatesScreen } from './TemplatesScreen';

export const templatesScreen: AdminScreen = { path: 'templates', key: 'templates', icon: IconTemplate, permission: 'email', component: TemplatesScreen };

// What the campaigns use: the templates they send and the variables a campaign's texts may name.
export { testSentSchema, useTemplates, useTemplateVariables, type TemplateRecord } from './api';
export { variableProblem } from './variables';
