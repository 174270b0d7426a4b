/**
 * The reference lists of spec section 7 and the record of seeded data sets (modules/references,
 * db/seed).
 */

import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Every reference list of spec section 7 (`references/*`) in one table: the lists share one
 * shape (id, description, descriptionFr, and parentId for provinces/states).
 */
export const referenceValues = pgTable(
  'reference_values',
  {
    list: text('list').notNull(),
    id: integer('id').notNull(),
    description: text('description').notNull(),
    descriptionFr: text('description_fr').notNull(),
    parentId: integer('parent_id'),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.list, table.id] }),
    index('reference_values_list_order_idx').on(table.list, table.sortOrder),
  ],
);

/** Which version of each seeded data set is in the database, so a start skips unchanged seeds. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
});
