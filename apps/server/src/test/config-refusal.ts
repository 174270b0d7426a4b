import { loadConfig } from '../config.ts';

/** What `loadConfig` refuses an environment with; empty when it starts. */
export function configRefusalOf(environment: NodeJS.ProcessEnv): string {
  try {
    loadConfig(environment);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}
