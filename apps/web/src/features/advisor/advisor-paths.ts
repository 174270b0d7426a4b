/** The advisor pages' client routes, below `#/qadvisor` (the search's is the spec's, section 7). */
export const ADVISOR_SEARCH_PATH = '/qadvisor/search/investor/express';
export const ADD_INVESTOR_PATH = '/qadvisor/investors/new';
export const INVITATIONS_PATH = '/qadvisor/invitations';
export const investorPath = (investorId: string) =>
  `/qadvisor/investors/${encodeURIComponent(investorId)}`;
