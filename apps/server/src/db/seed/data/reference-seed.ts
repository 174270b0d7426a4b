/** One row of a reference list as the API serves it (spec: id, description, descriptionFr). */
export interface ReferenceSeed {
  id: number;
  description: string;
  descriptionFr: string;
}
