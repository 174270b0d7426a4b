import { APP_VERSION } from '@portal/domain/constants';

export { APP_VERSION };

/** The in-memory API (spec section 7): sample data instead of calls, chosen at build time. */
export const inMemoryApi = import.meta.env.VITE_IN_MEMORY_API === 'true';
