import type { ReferenceSeed } from './reference-seed.ts';

/**
 * Employer industries: the 20 sectors of NAICS Canada 2022 (SCIAN Canada 2022 in French).
 * The id is the sector code (31 stands for 31-33, 44 for 44-45, 48 for 48-49).
 */
export const industries: readonly ReferenceSeed[] = [
  { id: 11, description: 'Agriculture, forestry, fishing and hunting', descriptionFr: 'Agriculture, foresterie, pêche et chasse' },
  { id: 21, description: 'Mining, quarrying, and oil and gas extraction', descriptionFr: 'Extraction minière, exploitation en carrière, et extraction de pétrole et de gaz' },
  { id: 22, description: 'Utilities', descriptionFr: 'Services publics' },
  { id: 23, description: 'Construction', descriptionFr: 'Construction' },
  { id: 31, description: 'Manufacturing', descriptionFr: 'Fabrication' },
  { id: 41, description: 'Wholesale trade', descriptionFr: 'Commerce de gros' },
  { id: 44, description: 'Retail trade', descriptionFr: 'Commerce de détail' },
  { id: 48, description: 'Transportation and warehousing', descriptionFr: 'Transport et entreposage' },
  { id: 51, description: 'Information and cultural industries', descriptionFr: 'Industrie de l\'information et industrie culturelle' },
  { id: 52, description: 'Finance and insurance', descriptionFr: 'Finance et assurances' },
  { id: 53, description: 'Real estate and rental and leasing', descriptionFr: 'Services immobiliers et services de location et de location à bail' },
  { id: 54, description: 'Professional, scientific and technical services', descriptionFr: 'Services professionnels, scientifiques et techniques' },
  { id: 55, description: 'Management of companies and enterprises', descriptionFr: 'Gestion de sociétés et d\'entreprises' },
  { id: 56, description: 'Administrative and support, waste management and remediation services', descriptionFr: 'Services administratifs, services de soutien, services de gestion des déchets et services d\'assainissement' },
  { id: 61, description: 'Educational services', descriptionFr: 'Services d\'enseignement' },
  { id: 62, description: 'Health care and social assistance', descriptionFr: 'Soins de santé et assistance sociale' },
  { id: 71, description: 'Arts, entertainment and recreation', descriptionFr: 'Arts, spectacles et loisirs' },
  { id: 72, description: 'Accommodation and food services', descriptionFr: 'Services d\'hébergement et de restauration' },
  { id: 81, description: 'Other services (except public administration)', descriptionFr: 'Autres services (sauf les administrations publiques)' },
  { id: 91, description: 'Public administration', descriptionFr: 'Administrations publiques' },
];
