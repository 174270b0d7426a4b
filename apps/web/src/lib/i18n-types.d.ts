import 'i18next';
import type { AllResources } from './i18n.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: AllResources;
  }
}
